import { describe, expect, it } from "vitest";
import { render, fireEvent } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MAIN_CONTENT_ID, useSkipToMainContent } from "@/components/a11y/skip-link";

function Shell() {
  useSkipToMainContent();
  return (
    <>
      <a href={`#${MAIN_CONTENT_ID}`} data-skip-link>
        Skip to main content
      </a>
      <button>elsewhere</button>
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        content
      </main>
    </>
  );
}

describe("skip to main content", () => {
  it("the skip link and Alt+S move focus to <main>", async () => {
    const { getByRole } = render(<Shell />);
    await userEvent.click(getByRole("link", { name: "Skip to main content" }));
    expect(getByRole("main")).toHaveFocus();

    getByRole("button", { name: "elsewhere" }).focus();
    fireEvent.keyDown(window, { key: "s", code: "KeyS", altKey: true });
    expect(getByRole("main")).toHaveFocus();
  });
});
