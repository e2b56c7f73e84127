/** Full-page navigation helpers, kept in one place so tests can replace them. */
export function reloadPage(): void {
  window.location.reload();
}

export function goTo(url: string): void {
  window.location.assign(url);
}
