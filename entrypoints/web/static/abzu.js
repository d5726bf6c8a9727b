// Progressive enhancement only: every button works without this file.
// Asks before a discard (the page's one destructive review action).
document.addEventListener("click", function (event) {
  var button = event.target.closest("button[data-confirm]");
  if (button && !window.confirm(button.getAttribute("data-confirm"))) {
    event.preventDefault();
  }
});
