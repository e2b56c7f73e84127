import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ArrowLeft, Mail } from "lucide-react";
import {
  CONTACT_REPLY_MAX,
  contactInboxMessages,
  contactMessageStatuses,
  type ContactMessageStatus,
  type ContactMessageSummary,
  type ContactReply,
} from "@routepilot/contracts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { Spinner } from "@/components/ui/spinner";
import { InlineError } from "@/components/errors/inline-error";
import { errorMessage } from "@/lib/api-client";
import { useFormat } from "@/lib/format";
import { fieldErrorsOf } from "@/lib/use-server-field-errors";
import { cn } from "@/lib/utils";
import { useContactMessages } from "@/features/admin/api/get-contact-messages";
import { useContactMessage } from "@/features/admin/api/get-contact-message";
import { useReplyToContactMessage } from "@/features/admin/api/reply-to-contact-message";
import { useUpdateContactMessage } from "@/features/admin/api/update-contact-message";

const PAGE_SIZE = 25;
const statusNames: Record<ContactMessageStatus, string> = { open: "Open", answered: "Answered", handled: "Handled" };
const statusVariant: Record<ContactMessageStatus, "default" | "secondary" | "success"> = { open: "default", answered: "secondary", handled: "success" };
const topicNames: Record<string, string> = { general: "General question", sales: "Sales and plans", support: "Technical support", billing: "Billing", press: "Press" };

function StatusBadge({ status }: { status: ContactMessageStatus }) {
  return <Badge variant={statusVariant[status]}>{statusNames[status]}</Badge>;
}

/** What became of a reply's e-mail, from its outbox row. */
function DeliveryNote({ reply }: { reply: ContactReply }) {
  if (reply.delivery === "sent") return <span>E-mailed</span>;
  if (reply.delivery === "queued") return <span>Queued for e-mail</span>;
  if (reply.delivery === "failed")
    return (
      <span className="text-destructive">
        Delivery failed{reply.deliveryError ? `: ${reply.deliveryError}` : ""}. It is retried automatically.
      </span>
    );
  return <span className="text-destructive">{contactInboxMessages.replyNotQueued}</span>;
}

/** One message: the text, the replies, the reply form, and handled / reopen / unread. */
function ContactMessageView({ id, onBack, onResult }: { id: string; onBack: () => void; onResult: (text: string) => void }) {
  const message = useContactMessage(id);
  const format = useFormat();
  const reply = useReplyToContactMessage();
  const update = useUpdateContactMessage();
  const [text, setText] = useState("");
  const [replyError, setReplyError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const replyId = useId();
  const loaded = message.data?.id === id;

  // Opening a message moves focus to it (keyboard and screen-reader users land on what they opened).
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded, id]);

  if (message.isPending) return <p className="text-muted-foreground">Opening the message…</p>;
  if (message.isError)
    return (
      <div className="flex flex-col gap-2">
        <p role="alert" className="text-destructive">
          {errorMessage(message.error)}
        </p>
        <Button variant="outline" size="sm" className="self-start" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Back to the inbox
        </Button>
      </div>
    );
  const m = message.data;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setReplyError(null);
    try {
      const detail = await reply.mutateAsync({ id: m.id, text });
      setText("");
      const last = detail.replies.at(-1);
      onResult(last?.delivery === "not-queued" ? contactInboxMessages.replyNotQueued : `Reply sent to ${m.email}.`);
    } catch (error) {
      setReplyError(fieldErrorsOf(error).text ?? errorMessage(error));
    }
  };
  const change = async (patch: { status?: "open" | "handled"; read?: boolean }, done: string) => {
    setActionError(null);
    try {
      await update.mutateAsync({ id: m.id, ...patch });
      onResult(done);
      if (patch.read === false) onBack();
    } catch (error) {
      setActionError(error);
    }
  };

  return (
    <article aria-labelledby={`${replyId}-heading`} className="flex flex-col gap-4">
      <Button variant="ghost" size="sm" className="self-start lg:hidden" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        Back to the inbox
      </Button>
      <header className="flex flex-col gap-1">
        <h2 id={`${replyId}-heading`} ref={heading} tabIndex={-1} className="text-lg font-semibold break-words focus-visible:outline-2 focus-visible:outline-ring">
          {m.name}
        </h2>
        <p className="text-sm break-all">
          <a className="underline" href={`mailto:${m.email}`}>
            {m.email}
          </a>
        </p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <StatusBadge status={m.status} />
          <span>{topicNames[m.topic] ?? m.topic}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={m.createdAt}>{format.dateTime(m.createdAt)}</time>
          {m.userId ? <span>· signed in</span> : null}
        </p>
      </header>
      <p className="rounded-md border bg-muted/30 p-3 text-sm break-words whitespace-pre-wrap">{m.message}</p>

      {m.replies.length > 0 ? (
        <section aria-label="Replies" className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold">Replies</h3>
          <ol className="flex flex-col gap-3">
            {m.replies.map((r) => (
              <li key={r.id} className="rounded-md border-l-4 border-primary bg-background p-3 text-sm">
                <p className="text-xs text-muted-foreground">
                  {r.authorName} · <time dateTime={r.createdAt}>{format.dateTime(r.createdAt)}</time> · <DeliveryNote reply={r} />
                </p>
                <p className="mt-1 break-words whitespace-pre-wrap">{r.text}</p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <form onSubmit={send} noValidate className="flex flex-col gap-2" aria-label={`Reply to ${m.name}`}>
        <Label htmlFor={`${replyId}-text`}>Reply by e-mail to {m.email}</Label>
        <Textarea
          id={`${replyId}-text`}
          name="text"
          rows={5}
          value={text}
          maxLength={CONTACT_REPLY_MAX}
          aria-invalid={replyError ? true : undefined}
          aria-describedby={`${replyId}-count`}
          onChange={(e) => setText(e.target.value)}
        />
        <p id={`${replyId}-count`} className="text-xs text-muted-foreground">
          {format.number(text.length)} / {format.number(CONTACT_REPLY_MAX)} characters. The sender gets your reply with their message quoted.
        </p>
        <InlineError error={replyError} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={reply.isPending}>
            {reply.isPending ? <Spinner className="text-primary-foreground" /> : <Mail aria-hidden="true" />}
            Send reply
          </Button>
        </div>
      </form>

      <div className="flex flex-wrap gap-2 border-t pt-4">
        {m.status === "handled" ? (
          <Button variant="outline" size="sm" disabled={update.isPending} onClick={() => void change({ status: "open" }, `The message from ${m.name} is open again.`)}>
            Reopen
          </Button>
        ) : (
          <Button variant="outline" size="sm" disabled={update.isPending} onClick={() => void change({ status: "handled" }, `The message from ${m.name} is marked handled.`)}>
            Mark handled
          </Button>
        )}
        <Button variant="ghost" size="sm" disabled={update.isPending} onClick={() => void change({ read: false }, `The message from ${m.name} is marked unread.`)}>
          Mark unread
        </Button>
      </div>
      <InlineError error={actionError} />
    </article>
  );
}

function MessageItem({ m, selected, onOpen }: { m: ContactMessageSummary; selected: boolean; onOpen: () => void }) {
  const format = useFormat();
  return (
    <li>
      <button
        type="button"
        data-message-id={m.id}
        aria-current={selected ? "true" : undefined}
        onClick={onOpen}
        className={cn(
          "flex w-full flex-col gap-1 rounded-md border p-3 text-left text-sm hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring",
          selected && "border-primary bg-muted/50",
        )}
      >
        <span className="flex w-full flex-wrap items-center justify-between gap-2">
          <span className={cn("break-all", m.read ? "font-normal" : "font-bold")}>
            {m.read ? null : <span className="sr-only">Unread: </span>}
            {m.name}
          </span>
          <StatusBadge status={m.status} />
        </span>
        <span className="break-all text-xs text-muted-foreground">
          {m.email} · {topicNames[m.topic] ?? m.topic} · <time dateTime={m.createdAt}>{format.dateTime(m.createdAt)}</time>
          {m.replies > 0 ? ` · ${m.replies} ${m.replies === 1 ? "reply" : "replies"}` : ""}
        </span>
        <span className={cn("line-clamp-2 break-words", m.read ? "text-muted-foreground" : "font-semibold")}>{m.preview}</span>
      </button>
    </li>
  );
}

/** The admin console's contact inbox (decision 024): list with the unread count, search, status, one message at a time. */
export function ContactInbox() {
  const [q, setQ] = useState("");
  const [status, setStatus] = useState<ContactMessageStatus | "">("");
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [result, setResult] = useState("");
  const list = useContactMessages({ q: q.trim() || undefined, status: status || undefined, page });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const listRef = useRef<HTMLDivElement>(null);
  const format = useFormat();

  const back = () => {
    const id = openId;
    setOpenId(null);
    // Back on the list, focus returns to the message that was open.
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(`[data-message-id="${id}"]`)?.focus());
  };

  return (
    <section aria-label="Contact inbox" className="flex flex-col gap-4">
      <p className="text-sm">
        {list.data ? (
          <>
            <strong>{list.data.unread}</strong> unread {list.data.unread === 1 ? "message" : "messages"} in the inbox.
          </>
        ) : (
          "\u00a0"
        )}
      </p>
      <p role="status" className="text-sm text-muted-foreground">
        {result}
      </p>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div ref={listRef} className={cn("flex min-w-0 flex-col gap-3", openId && "hidden lg:flex")}>
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
              <Label htmlFor="inbox-search">Search messages</Label>
              <Input
                id="inbox-search"
                type="search"
                value={q}
                placeholder="Name, e-mail, topic or text"
                onChange={(e) => {
                  setQ(e.target.value);
                  setPage(1);
                }}
              />
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor="inbox-status">Filter by status</Label>
              <NativeSelect
                id="inbox-status"
                value={status}
                onChange={(e) => {
                  setStatus(e.target.value as ContactMessageStatus | "");
                  setPage(1);
                }}
              >
                <option value="">All</option>
                {contactMessageStatuses.map((s) => (
                  <option key={s} value={s}>
                    {statusNames[s]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          {list.isError ? (
            <p role="alert" className="text-destructive">
              {errorMessage(list.error)}
            </p>
          ) : null}
          {list.isPending ? (
            <p className="text-muted-foreground">Loading messages…</p>
          ) : list.data && list.data.messages.length === 0 ? (
            <p className="text-muted-foreground">{q || status ? "No messages match." : "No messages yet."}</p>
          ) : (
            <ul aria-label="Messages, newest first" className="flex flex-col gap-2">
              {list.data?.messages.map((m) => (
                <MessageItem key={m.id} m={m} selected={m.id === openId} onOpen={() => setOpenId(m.id)} />
              ))}
            </ul>
          )}
          <nav aria-label="Inbox pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span>{list.data ? `${format.number(list.data.total)} ${list.data.total === 1 ? "message" : "messages"} · page ${page} of ${pages}` : ""}</span>
            <div className="flex gap-2">
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                Next
              </Button>
            </div>
          </nav>
        </div>
        <div className={cn("min-w-0", !openId && "hidden lg:block")}>
          {openId ? <ContactMessageView key={openId} id={openId} onBack={back} onResult={setResult} /> : <p className="text-muted-foreground">Choose a message to read it and reply.</p>}
        </div>
      </div>
    </section>
  );
}
