import type { ComponentType } from "react";
import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { createTestQueryClient, renderWithQuery } from "@/test/utils";
import { AnalyticsPage, EnhancedAnalyticsPage } from "@/features/analytics/routes/analytics-pages";

/** Pages that work today (the only places a placeholder may send the user). */
const builtPaths = ["/", "/dashboard", "/route-history", "/profile", "/settings", "/update-password", "/pricing", "/contact", "/help", "/support-docs"];

/** Phrases that would claim a feature works (the placeholders' former texts). */
const claims = [/payment went through/i, /thank you/i, /plan is updated/i, /has been received/i, /refreshed live/i];

const pages: { name: string; title: string; Page: ComponentType }[] = [
  { name: "/analytics", title: "Analytics", Page: AnalyticsPage },
  { name: "/enhanced-analytics", title: "Enhanced Analytics", Page: EnhancedAnalyticsPage },
];

function renderPage(Page: ComponentType) {
  const queryClient = createTestQueryClient();
  return renderWithQuery(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
    queryClient,
  );
}

describe("pages whose feature is not built yet", () => {
  it.each(pages)("$name says plainly that it is not available yet", ({ title, Page }) => {
    renderPage(Page);
    expect(screen.getByRole("heading", { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText("Not available yet")).toBeInTheDocument();
    expect(screen.getByText(/This feature has not been built yet; it is planned for a later release\./)).toBeInTheDocument();

    // What it will do is only ever said under "When it is built, this page will".
    const willDo = screen.getByRole("region", { name: "When it is built, this page will" });
    expect(within(willDo).getAllByRole("listitem").length).toBeGreaterThan(0);

    // Meanwhile: real links, only to pages that work today.
    const meanwhile = screen.getByRole("region", { name: "Meanwhile, you can" });
    const links = within(meanwhile).getAllByRole("link");
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(builtPaths).toContain(link.getAttribute("href"));

    // Each item continues "this page will …" (a lower-case phrase, not a sentence of its own).
    for (const item of within(willDo).getAllByRole("listitem")) expect(item.textContent).toMatch(/^[a-z][^.]*$/);
    for (const claim of claims) expect(document.body.textContent).not.toMatch(claim);
  });
});
