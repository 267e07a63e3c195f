/* bibfolio: client-side filter for publication lists, and the entries' citation formats
   loaded on demand.  Progressive enhancement: the full list is in the page; without
   JavaScript the form stays hidden and the formats reveals keep their links. */
(function () {
  "use strict";

  // The page's language: <meta name="bibfolio-words"> (bibfolio/languages.py), else English.
  var WORDS = (function () {
    var meta = document.querySelector('meta[name="bibfolio-words"]');
    try { return meta ? JSON.parse(meta.getAttribute("content")) : {}; } catch (e) { return {}; }
  })();
  function word(key, english, values) {
    var text = WORDS[key] || english;
    Object.keys(values || {}).forEach(function (name) {
      text = text.split("%(" + name + ")s").join(String(values[name]));
    });
    return text;
  }

  function setup(form) {
    var listing = form.getAttribute("data-listing");
    var prefix = listing === "publications-1" ? "" : listing + ".";
    var items = Array.prototype.slice.call(
      document.querySelectorAll('li.bibfolio-entry[data-listing="' + listing + '"]')
    );
    if (!items.length) return;
    var text = form.querySelector('input[name="q"]');
    var type = form.querySelector('select[name="type"]');
    var year = form.querySelector('select[name="year"]');
    var status = form.querySelector(".bibfolio-filter-count");
    var haystack = items.map(function (item) {
      var parts = item.querySelectorAll(".bibfolio-head, .bibfolio-authors, .bibfolio-venue");
      return Array.prototype.map.call(parts, function (p) { return p.textContent; })
        .join(" ").toLowerCase();
    });

    function apply(push) {
      var words = text.value.toLowerCase().split(/\s+/).filter(Boolean);
      var shown = 0;
      items.forEach(function (item, index) {
        // Another filter of the list (a group's member filter) marks what it leaves out.
        var ok = !item.classList.contains("bibfolio-filtered-out") &&
          (!type.value || item.getAttribute("data-type") === type.value) &&
          (!year.value || item.getAttribute("data-year") === year.value) &&
          words.every(function (w) { return haystack[index].indexOf(w) !== -1; });
        item.hidden = !ok;
        if (ok) shown += 1;
      });
      document.querySelectorAll("section.bibfolio-group").forEach(function (section) {
        var own = section.querySelectorAll('li.bibfolio-entry[data-listing="' + listing + '"]');
        if (!own.length) return;
        section.hidden = !Array.prototype.some.call(own, function (li) { return !li.hidden; });
      });
      status.textContent = word("showing", "Showing %(shown)s of %(total)s publications",
        {shown: shown, total: items.length});
      if (push) {
        var params = new URLSearchParams(window.location.search);
        [["q", text.value.trim()], ["type", type.value], ["year", year.value]].forEach(function (pair) {
          if (pair[1]) params.set(prefix + pair[0], pair[1]); else params.delete(prefix + pair[0]);
        });
        var query = params.toString();
        history.replaceState(null, "", window.location.pathname + (query ? "?" + query : "") + window.location.hash);
      }
    }

    var params = new URLSearchParams(window.location.search);
    text.value = params.get(prefix + "q") || "";
    [[type, "type"], [year, "year"]].forEach(function (pair) {
      var wanted = params.get(prefix + pair[1]) || "";
      if (Array.prototype.some.call(pair[0].options, function (o) { return o.value === wanted; })) {
        pair[0].value = wanted;
      }
    });
    form.hidden = false;
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    text.addEventListener("input", function () { apply(true); });
    type.addEventListener("change", function () { apply(true); });
    year.addEventListener("change", function () { apply(true); });
    form.addEventListener("bibfolio-refilter", function () { apply(false); });
    apply(false);
  }

  /* Citation formats: a list's reveals (details.bibfolio-formats[data-formats]) share one
     file, {"formats": [labels], "entries": {key: [texts]}}, fetched once per URL when a
     reveal is first opened.  If it cannot be fetched (file://, offline) the reveal's
     links stay, and a later opening tries again. */
  var loads = {};
  var blocks = 0;

  function load(url) {
    if (!loads[url]) {
      loads[url] = fetch(url).then(function (response) {
        if (!response.ok) throw new Error(url + ": HTTP " + response.status);
        return response.json();
      });
      loads[url].catch(function () { delete loads[url]; });
    }
    return loads[url];
  }

  /* The copy button sphinx-copybutton gives the BibTeX block, for a block added later:
     its clipboard handler listens on the document, so a clone with a new target works. */
  function addCopyButton(pre) {
    // Not one showing "Copied!" just now: its clone would keep that look.
    var model = document.querySelector("button.copybtn:not(.success)");
    if (!model || !window.ClipboardJS) return;
    var button = model.cloneNode(true);
    button.setAttribute("data-clipboard-target", "#" + pre.id);
    pre.insertAdjacentElement("afterend", button);
  }

  function block(label, text) {
    var ident = label.toLowerCase();
    var name = document.createElement("p");
    name.className = "bibfolio-format-label";
    name.textContent = label;
    var outer = document.createElement("div");
    outer.className = "bibfolio-" + ident + " no-search highlight-text notranslate";
    var highlight = document.createElement("div");
    highlight.className = "highlight";
    var pre = document.createElement("pre");
    blocks += 1;
    pre.id = "bibfolio-format-" + blocks;
    pre.textContent = text;
    highlight.appendChild(pre);
    outer.appendChild(highlight);
    return [name, outer, pre];
  }

  function fill(details) {
    if (details.bibfolioFilled || !details.open) return;
    details.bibfolioFilled = true;
    var status = document.createElement("p");
    status.className = "bibfolio-formats-status";
    status.setAttribute("role", "status");
    status.textContent = word("loading", "Loading…");
    // After the BibTeX, before the links that work without the script.
    var box = details.querySelector(".bibfolio-reveal") || details;
    box.insertBefore(status, box.querySelector(".bibfolio-formats-fallback"));
    var key = details.getAttribute("data-key");
    load(details.getAttribute("data-formats")).then(function (data) {
      var texts = data.entries[key];
      if (!texts) throw new Error("no entry " + key);
      var made = document.createDocumentFragment();
      var pres = [];
      data.formats.forEach(function (label, index) {
        var parts = block(label, texts[index]);
        made.appendChild(parts[0]);
        made.appendChild(parts[1]);
        pres.push(parts[2]);
      });
      status.parentNode.replaceChild(made, status);
      pres.forEach(addCopyButton);
    }).catch(function () {
      status.textContent = details.querySelector("a")
        ? word("failed_links", "Could not load this entry's formats; the links below have them.")
        : word("failed", "Could not load this entry's formats.");
      details.bibfolioFilled = false;
      details.addEventListener("toggle", function retry() {
        details.removeEventListener("toggle", retry);
        if (status.parentNode) status.parentNode.removeChild(status);
      });
    });
  }

  /* A paper page's Cite panel (section.bibfolio-cite-panel): every format is in the page,
     each in a section of its own (all shown without the script); here they become tabs,
     one format shown at a time, the reader's last choice remembered. */
  function citeTabs(panel) {
    var sections = Array.prototype.filter.call(panel.children, function (child) {
      return child.tagName === "SECTION" && child.id && child.querySelector("pre");
    });
    var heading = panel.querySelector("h2");
    if (sections.length < 2 || !heading) return;
    heading.id = heading.id || panel.id + "-heading";
    var list = document.createElement("div");
    list.className = "bibfolio-cite-tabs";
    list.setAttribute("role", "tablist");
    list.setAttribute("aria-labelledby", heading.id);
    var tabs = sections.map(function (section) {
      var title = section.querySelector("h3, h4, h5, h6").cloneNode(true);
      title.querySelectorAll(".headerlink").forEach(function (link) { link.remove(); });
      var tab = document.createElement("button");
      tab.type = "button";
      tab.id = section.id + "-tab";
      tab.className = "bibfolio-cite-tab";
      tab.setAttribute("role", "tab");
      tab.setAttribute("aria-controls", section.id);
      tab.textContent = title.textContent.trim();
      section.setAttribute("role", "tabpanel");
      section.setAttribute("aria-labelledby", tab.id);
      list.appendChild(tab);
      return tab;
    });
    function choose(index, focus, remember) {
      if (remember) {
        try { localStorage.setItem("bibfolio-cite-format", sections[index].id); } catch (error) {}
      }
      tabs.forEach(function (tab, at) {
        var chosen = at === index;
        tab.setAttribute("aria-selected", chosen ? "true" : "false");
        tab.tabIndex = chosen ? 0 : -1;
        sections[at].hidden = !chosen;
      });
      if (focus) tabs[index].focus();
    }
    list.addEventListener("click", function (event) {
      var index = tabs.indexOf(event.target.closest("[role=tab]"));
      if (index < 0) return;
      choose(index, false, true);
    });
    list.addEventListener("keydown", function (event) {
      var index = tabs.indexOf(document.activeElement);
      var step = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: tabs.length - 1 - index }[event.key];
      if (index < 0 || step === undefined) return;
      if (document.documentElement.dir === "rtl" && event.key.indexOf("Arrow") === 0) step = -step;
      event.preventDefault();
      choose((index + step + tabs.length) % tabs.length, true, true);
    });
    var stored = null;
    try { stored = localStorage.getItem("bibfolio-cite-format"); } catch (error) {}
    var first = sections.findIndex(function (section) { return section.id === stored; });
    sections[0].parentNode.insertBefore(list, sections[0]);
    panel.classList.add("bibfolio-cite-tabbed");
    choose(first < 0 ? 0 : first, false, false);
  }

  function start() {
    document.querySelectorAll("section.bibfolio-cite-panel").forEach(citeTabs);
    document.querySelectorAll("form[data-listing]").forEach(setup);
    // One listener for every reveal ("toggle" does not bubble, but it is captured).
    document.addEventListener("toggle", function (event) {
      var target = event.target;
      if (target.matches && target.matches("details.bibfolio-formats[data-formats]")) fill(target);
    }, true);
    document.querySelectorAll("details.bibfolio-formats[data-formats][open]").forEach(fill);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
