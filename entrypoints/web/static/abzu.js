// Progressive enhancement only: every page works without this file.
// 1. Asks before a discard (the page's one destructive review action).
document.addEventListener("click", function (event) {
  var button = event.target.closest("button[data-confirm]");
  if (button && !window.confirm(button.getAttribute("data-confirm"))) {
    event.preventDefault();
  }
});

function fill(holder, url) {
  fetch(url, { credentials: "same-origin" })
    .then(function (answer) { return answer.ok ? answer.text() : Promise.reject(answer.status); })
    .then(function (html) { holder.innerHTML = html; holder.setAttribute("data-loaded", "1"); })
    .catch(function (why) { holder.setAttribute("data-failed", String(why)); });
}

// 2. A link that fills a part of the page when clicked (the doctor's checks: slow, so only when
// asked); without this script it opens the fragment on its own.
document.addEventListener("click", function (event) {
  var link = event.target.closest("a[data-fills]");
  if (!link) { return; }
  event.preventDefault();
  var holder = document.querySelector(link.getAttribute("data-fills"));
  holder.setAttribute("data-loading", "1");
  fill(holder, link.getAttribute("href"));
});

// 3. Fills the slower parts after the page is shown (the closest beads of each candidate): the
// server escaped every stored text in these fragments, like in the page.
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("[data-fragment]").forEach(function (holder) {
    fill(holder, holder.getAttribute("data-fragment"));
  });
});
