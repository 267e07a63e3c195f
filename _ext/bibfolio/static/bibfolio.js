/* bibfolio: client-side filter for publication lists.  Progressive enhancement: the
   full list is in the page; without JavaScript the form stays hidden. */
(function () {
  "use strict";

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
        var ok = (!type.value || item.getAttribute("data-type") === type.value) &&
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
      status.textContent = "Showing " + shown + " of " + items.length + " publications";
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
    apply(false);
  }

  function start() {
    document.querySelectorAll("form[data-listing]").forEach(setup);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
