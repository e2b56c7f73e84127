// Runs before first paint: applies the theme stored by the app (key "routepilot-theme":
// "light" | "dark" | "system") so a dark-mode user never sees a white flash.
/* global window, document */
(function () {
  try {
    var choice = window.localStorage.getItem("routepilot-theme") || "system";
    var dark =
      choice === "dark" ||
      (choice !== "light" && window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches);
    var root = document.documentElement;
    if (dark) root.classList.add("dark");
    root.style.colorScheme = dark ? "dark" : "light";
  } catch {
    /* storage blocked: fall back to the light theme */
  }
})();
