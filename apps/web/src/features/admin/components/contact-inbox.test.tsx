import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { contactInboxMessages, type ContactMessageDetail, type ContactMessageSummary } from "@routepilot/contracts";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { ContactInbox } from "@/features/admin/components/contact-inbox";

const ana: ContactMessageDetail = {
  id: "m1",
  name: "Ana Courier",
  email: "ana@example.com",
  topic: "sales",
  message: "We run 12 vans in Vaduz.\nCan we have a demo?",
  status: "open",
  read: false,
  readAt: null,
  statusChangedAt: null,
  userId: null,
  createdAt: "2026-11-28T09:30:00.000Z",
  replies: [],
};
const bob: ContactMessageDetail = { ...ana, id: "m2", name: "Bob Driver", email: "bob@example.com", topic: "support", message: "The map is blank.", read: true, readAt: "2026-11-27T10:00:00.000Z", status: "handled", createdAt: "2026-11-27T09:00:00.000Z" };

const summary = (m: ContactMessageDetail): ContactMessageSummary => ({
  id: m.id,
  name: m.name,
  email: m.email,
  topic: m.topic,
  preview: m.message.slice(0, 160),
  status: m.status,
  read: m.read,
  replies: m.replies.length,
  userId: m.userId,
  createdAt: m.createdAt,
});

/** A fake inbox API over `messages`; `refuseReply` answers the next reply with that 400. */
function fakeApi(messages: ContactMessageDetail[], opts: { refuseReply?: { message: string; fields?: Record<string, string> } } = {}) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ method, url, body });
      const u = new URL(url, "http://localhost");
      if (u.pathname === "/api/admin/contact-messages") {
        const q = u.searchParams.get("q")?.toLowerCase();
        const status = u.searchParams.get("status");
        const list = messages.filter((m) => (!q || `${m.name} ${m.email} ${m.message}`.toLowerCase().includes(q)) && (!status || m.status === status));
        return jsonResponse({ messages: list.map(summary), total: list.length, unread: messages.filter((m) => !m.read).length });
      }
      const [, , , , id, action] = u.pathname.split("/");
      const at = messages.findIndex((m) => m.id === id);
      if (at < 0) return jsonResponse({ error: { code: "NOT_FOUND", message: "Contact message not found" } }, 404);
      const m = messages[at]!;
      if (action === "reply") {
        if (opts.refuseReply) return jsonResponse({ error: { code: "VALIDATION_ERROR", ...opts.refuseReply } }, 400);
        const reply = { id: `r${m.replies.length + 1}`, text: String(body!.text), authorName: "Helper Admin", authorEmail: "helper@example.com", createdAt: "2026-11-28T10:00:00.000Z", delivery: "queued" as const, deliveryError: null };
        messages[at] = { ...m, status: "answered", read: true, replies: [...m.replies, reply] };
        return jsonResponse(messages[at], 201);
      }
      if (method === "PATCH") {
        messages[at] = { ...m, ...(body!.status ? { status: body!.status as ContactMessageDetail["status"] } : {}), ...(body!.read !== undefined ? { read: Boolean(body!.read) } : {}) };
        return jsonResponse(messages[at]);
      }
      messages[at] = { ...m, read: true, readAt: "2026-11-28T10:00:00.000Z" };
      return jsonResponse(messages[at]);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("ContactInbox", () => {
  it("lists messages newest first with the unread count, unread in bold, and the status", async () => {
    fakeApi([{ ...ana }, { ...bob }]);
    renderWithQuery(<ContactInbox />);
    const list = await screen.findByRole("list", { name: "Messages, newest first" });
    const items = within(list).getAllByRole("button");
    expect(items.map((b) => b.textContent)).toEqual([expect.stringContaining("Ana Courier"), expect.stringContaining("Bob Driver")]);
    expect(within(items[0]!).getByText("Unread:", { exact: false })).toBeInTheDocument();
    expect(within(items[0]!).getByText("Ana Courier").className).toContain("font-bold");
    expect(within(items[1]!).getByText("Handled")).toBeInTheDocument();
    expect(screen.getByText("unread message in the inbox.", { exact: false })).toHaveTextContent("1 unread message in the inbox.");
  });

  it("searches and filters through the query string", async () => {
    const calls = fakeApi([{ ...ana }, { ...bob }]);
    renderWithQuery(<ContactInbox />);
    await screen.findByText("Ana Courier");
    await userEvent.type(screen.getByLabelText("Search messages"), "blank");
    expect(await screen.findByText("1 message · page 1 of 1")).toBeInTheDocument();
    expect(screen.queryByText("Ana Courier")).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText("Filter by status"), "open");
    expect(await screen.findByText("No messages match.")).toBeInTheDocument();
    expect(calls.at(-1)!.url).toBe("/api/admin/contact-messages?page=1&q=blank&status=open");
  });

  it("opens a message (marked read, the count drops), replies, and shows the reply in the thread", async () => {
    const calls = fakeApi([{ ...ana }, { ...bob }]);
    renderWithQuery(<ContactInbox />);
    await userEvent.click(await screen.findByRole("button", { name: /Ana Courier/ }));
    const heading = await screen.findByRole("heading", { name: "Ana Courier" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(screen.getByRole("article")).getByText(/We run 12 vans in Vaduz\./)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/in the inbox\./)).toHaveTextContent("0 unread messages in the inbox."));

    await userEvent.type(screen.getByLabelText("Reply by e-mail to ana@example.com"), "Happy to show you. Tuesday at 10?");
    await userEvent.click(screen.getByRole("button", { name: "Send reply" }));
    const replies = await screen.findByRole("region", { name: "Replies" });
    expect(within(replies).getByText("Happy to show you. Tuesday at 10?")).toBeInTheDocument();
    expect(within(replies).getByText("Queued for e-mail")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Reply sent to ana@example.com.");
    expect(screen.getByLabelText("Reply by e-mail to ana@example.com")).toHaveValue("");
    expect(calls.find((c) => c.url.endsWith("/reply"))).toMatchObject({ method: "POST", body: { text: "Happy to show you. Tuesday at 10?" } });
    expect(within(screen.getByRole("article")).getByText("Answered")).toBeInTheDocument();
  });

  it("shows the server's refusal of a reply at the field and keeps the text", async () => {
    fakeApi([{ ...ana }], { refuseReply: { message: "Validation failed", fields: { text: contactInboxMessages.replyTooLong } } });
    renderWithQuery(<ContactInbox />);
    await userEvent.click(await screen.findByRole("button", { name: /Ana Courier/ }));
    const box = await screen.findByLabelText("Reply by e-mail to ana@example.com");
    await userEvent.type(box, "Too long, says the server");
    await userEvent.click(screen.getByRole("button", { name: "Send reply" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(contactInboxMessages.replyTooLong);
    expect(box).toHaveValue("Too long, says the server");
    expect(screen.queryByRole("region", { name: "Replies" })).toBeNull();
  });

  it("shows a refusal without fields by its message", async () => {
    fakeApi([{ ...ana }], { refuseReply: { message: "Only administrators can do that" } });
    renderWithQuery(<ContactInbox />);
    await userEvent.click(await screen.findByRole("button", { name: /Ana Courier/ }));
    await userEvent.type(await screen.findByLabelText("Reply by e-mail to ana@example.com"), "Hello");
    await userEvent.click(screen.getByRole("button", { name: "Send reply" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Only administrators can do that");
  });

  it("marks handled and reopens", async () => {
    const calls = fakeApi([{ ...ana }]);
    renderWithQuery(<ContactInbox />);
    await userEvent.click(await screen.findByRole("button", { name: /Ana Courier/ }));
    await userEvent.click(await screen.findByRole("button", { name: "Mark handled" }));
    expect(await screen.findByRole("button", { name: "Reopen" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("The message from Ana Courier is marked handled.");
    await userEvent.click(screen.getByRole("button", { name: "Reopen" }));
    expect(await screen.findByRole("button", { name: "Mark handled" })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([{ status: "handled" }, { status: "open" }]);
  });

  it("shows a reply that could not be queued, and a failed delivery with its error", async () => {
    const withReplies: ContactMessageDetail = {
      ...ana,
      read: true,
      status: "answered",
      replies: [
        { id: "r1", text: "First try", authorName: "Helper Admin", authorEmail: "helper@example.com", createdAt: "2026-11-28T10:00:00.000Z", delivery: "not-queued", deliveryError: null },
        { id: "r2", text: "Second try", authorName: "Helper Admin", authorEmail: "helper@example.com", createdAt: "2026-11-28T10:05:00.000Z", delivery: "failed", deliveryError: "connect ECONNREFUSED" },
      ],
    };
    fakeApi([withReplies]);
    renderWithQuery(<ContactInbox />);
    await userEvent.click(await screen.findByRole("button", { name: /Ana Courier/ }));
    const replies = await screen.findByRole("region", { name: "Replies" });
    expect(within(replies).getByText(contactInboxMessages.replyNotQueued)).toBeInTheDocument();
    expect(within(replies).getByText(/Delivery failed: connect ECONNREFUSED\. It is retried automatically\./)).toBeInTheDocument();
  });

  it("a message that is gone shows the server's 404 with a way back", async () => {
    const messages = [{ ...ana }];
    fakeApi(messages);
    renderWithQuery(<ContactInbox />);
    const item = await screen.findByRole("button", { name: /Ana Courier/ });
    messages.length = 0;
    await userEvent.click(item);
    expect(await screen.findByRole("alert")).toHaveTextContent("Contact message not found");
    expect(screen.getAllByRole("button", { name: "Back to the inbox" }).length).toBeGreaterThan(0);
  });
});
