/* bibfolio group lists: the member filter.  Progressive enhancement: without JavaScript
   the filter stays hidden and the whole list shows.  ?member=<id> picks a member.
   Where the list has its own filter form (bibfolio.js: search, type, year), the member
   select joins it: the entries it leaves out get "bibfolio-filtered-out" and the form
   filters again ("bibfolio-refilter"), so its count and sections include the choice.
   Without that form, it hides the entries and emptied sections itself. */
(function () {
  "use strict";
  function setup(select) {
    var label = select.closest("p");
    // Only this list's entries (a page may hold others: a single-page build holds every
    // member page's list), by their position in the list.
    var listing = select.getAttribute("data-bibfolio-member-filter");
    var items = Array.prototype.filter.call(
      document.querySelectorAll("li.bibfolio-entry"),
      function (li) { return li.getAttribute("data-listing") === listing; }
    );
    var form = Array.prototype.filter.call(
      document.querySelectorAll("form[data-listing]"),
      function (f) { return f.getAttribute("data-listing") === listing; }
    )[0] || null;
    var sections = [];
    items.forEach(function (item) {
      var section = item.closest("section.bibfolio-group");
      if (section && sections.indexOf(section) < 0) sections.push(section);
    });
    var hidden = form ? "bibfolio-filtered-out" : "bibfolio-member-hidden";
    function apply(push) {
      var option = select.options[select.selectedIndex];
      var wanted = option && option.value ? (option.getAttribute("data-entries") || "").split(" ") : null;
      var keep = wanted ? new Set(wanted) : null;
      items.forEach(function (item, position) {
        item.classList.toggle(hidden, keep !== null && !keep.has(String(position)));
      });
      if (form) {
        form.dispatchEvent(new Event("bibfolio-refilter"));
      } else {
        sections.forEach(function (section) {
          var own = items.filter(function (li) { return section.contains(li); });
          var any = own.some(function (li) { return !li.classList.contains(hidden); });
          section.classList.toggle(hidden, own.length > 0 && !any);
        });
      }
      if (push) {
        var params = new URLSearchParams(window.location.search);
        if (select.value) params.set("member", select.value); else params.delete("member");
        var query = params.toString();
        history.replaceState(null, "", window.location.pathname + (query ? "?" + query : "") + window.location.hash);
      }
    }
    var wanted = new URLSearchParams(window.location.search).get("member") || "";
    if (Array.prototype.some.call(select.options, function (o) { return o.value === wanted; })) {
      select.value = wanted;
    }
    if (form) {
      // A field of the form, before its count, as the type and year selects are.
      var field = document.createElement("div");
      field.className = "bibfolio-filter-field";
      while (label.firstChild) field.appendChild(label.firstChild);
      form.insertBefore(field, form.querySelector(".bibfolio-filter-count"));
      label.parentNode.removeChild(label);
    } else {
      label.hidden = false;
    }
    select.addEventListener("change", function () { apply(true); });
    apply(false);
  }
  function start() {
    document.querySelectorAll("select[data-bibfolio-member-filter]").forEach(setup);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
