/* bibfolio projects: the projects page's tag filter.  Without this script the filter
   stays hidden and every card shows. */
"use strict";
document.querySelectorAll(".bibfolio-project-filter").forEach(function (filter) {
  var grid = filter.nextElementSibling;
  if (!grid) return;
  var buttons = filter.querySelectorAll("button[data-tag]");
  function show(tag) {
    grid.querySelectorAll(".bibfolio-project-card").forEach(function (card) {
      card.classList.toggle("bibfolio-project-hidden", tag !== "" && !card.classList.contains(tag));
    });
    buttons.forEach(function (button) {
      button.setAttribute("aria-pressed", String(button.dataset.tag === tag));
    });
  }
  buttons.forEach(function (button) {
    button.addEventListener("click", function () { show(button.dataset.tag); });
  });
  show("");
  filter.hidden = false;
});
