/* bibfolio group lists: the member filter.  Progressive enhancement: without JavaScript
   the filter stays hidden and the whole list shows.  ?member=<id> picks a member. */
(function () {
  "use strict";
  function setup(select) {
    var label = select.closest("p");
    var items = Array.prototype.slice.call(document.querySelectorAll("li.bibfolio-entry"));
    var sections = Array.prototype.slice.call(document.querySelectorAll("section.bibfolio-group"));
    function apply(push) {
      var option = select.options[select.selectedIndex];
      var wanted = option && option.value ? (option.getAttribute("data-entries") || "").split(" ") : null;
      var keep = wanted ? new Set(wanted) : null;
      items.forEach(function (item) {
        item.classList.toggle("bibfolio-member-hidden", keep !== null && !keep.has(item.id));
      });
      sections.forEach(function (section) {
        var own = section.querySelectorAll("li.bibfolio-entry");
        var any = Array.prototype.some.call(own, function (li) {
          return !li.classList.contains("bibfolio-member-hidden");
        });
        section.classList.toggle("bibfolio-member-hidden", own.length > 0 && !any);
      });
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
    label.hidden = false;
    select.addEventListener("change", function () { apply(true); });
    apply(false);
  }
  function start() {
    document.querySelectorAll("select[data-bibfolio-member-filter]").forEach(setup);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
