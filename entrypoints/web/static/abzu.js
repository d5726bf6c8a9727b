// Progressive enhancement only: every page works without this file.
// 1. Asks before a discard (the page's one destructive review action).
document.addEventListener("click", function (event) {
  var button = event.target.closest("button[data-confirm]");
  if (button && !window.confirm(button.getAttribute("data-confirm"))) {
    event.preventDefault();
  }
});

// 2. Fills the slower parts after the page is shown (the closest beads of each candidate, the
// doctor's checks): the server escaped every stored text in these fragments, like in the page.
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("[data-fragment]").forEach(function (holder) {
    fetch(holder.getAttribute("data-fragment"), { credentials: "same-origin" })
      .then(function (answer) { return answer.ok ? answer.text() : Promise.reject(answer.status); })
      .then(function (html) { holder.innerHTML = html; holder.setAttribute("data-loaded", "1"); })
      .catch(function (why) { holder.setAttribute("data-failed", String(why)); });
  });
});
