import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ArrowLeft, Mail } from "lucide-react";
import {
  CONTACT_REPLY_MAX,
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
import { Trans, useTranslation } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { useContactMessages } from "@/features/admin/api/get-contact-messages";
import { useContactMessage } from "@/features/admin/api/get-contact-message";
import { useReplyToContactMessage } from "@/features/admin/api/reply-to-contact-message";
import { useUpdateContactMessage } from "@/features/admin/api/update-contact-message";

const PAGE_SIZE = 25;
/** A status and a contact form topic in the reader's words (catalogue keys of `admin`). */
const STATUS_KEY = { open: "inbox.status.open", answered: "inbox.status.answered", handled: "inbox.status.handled" } as const satisfies Record<ContactMessageStatus, string>;
const statusVariant: Record<ContactMessageStatus, "default" | "secondary" | "success"> = { open: "default", answered: "secondary", handled: "success" };
const TOPIC_KEY: Record<string, "inbox.topic.general" | "inbox.topic.sales" | "inbox.topic.support" | "inbox.topic.billing" | "inbox.topic.press"> = {
  general: "inbox.topic.general",
  sales: "inbox.topic.sales",
  support: "inbox.topic.support",
  billing: "inbox.topic.billing",
  press: "inbox.topic.press",
};

/** A message's topic in the reader's words; an unknown topic as the form sent it. */
function useTopicName(): (topic: string) => string {
  const { t } = useTranslation("admin");
  return (topic) => {
    const key = Object.hasOwn(TOPIC_KEY, topic) ? TOPIC_KEY[topic] : undefined;
    return key ? t(key) : topic;
  };
}

function StatusBadge({ status }: { status: ContactMessageStatus }) {
  const { t } = useTranslation("admin");
  return <Badge variant={statusVariant[status]}>{t(STATUS_KEY[status])}</Badge>;
}

/** What became of a reply's e-mail, from its outbox row. */
function DeliveryNote({ reply }: { reply: ContactReply }) {
  const { t } = useTranslation("admin");
  if (reply.delivery === "sent") return <span>{t("inbox.delivery.sent")}</span>;
  if (reply.delivery === "queued") return <span>{t("inbox.delivery.queued")}</span>;
  if (reply.delivery === "failed")
    return <span className="text-destructive">{reply.deliveryError ? t("inbox.delivery.failedWith", { error: reply.deliveryError }) : t("inbox.delivery.failed")}</span>;
  return <span className="text-destructive">{t("inbox.notQueued")}</span>;
}

/** One message: the text, the replies, the reply form, and handled / reopen / unread. */
function ContactMessageView({ id, onBack, onResult }: { id: string; onBack: () => void; onResult: (text: string) => void }) {
  const { t } = useTranslation("admin");
  const topicName = useTopicName();
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

  if (message.isPending) return <p className="text-muted-foreground">{t("inbox.opening")}</p>;
  if (message.isError)
    return (
      <div className="flex flex-col gap-2">
        <p role="alert" className="text-destructive">
          {errorMessage(message.error)}
        </p>
        <Button variant="outline" size="sm" className="self-start" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          {t("inbox.back")}
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
      onResult(last?.delivery === "not-queued" ? t("inbox.notQueued") : t("inbox.replySent", { email: m.email }));
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
        {t("inbox.back")}
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
          <span>{topicName(m.topic)}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={m.createdAt}>{format.dateTime(m.createdAt)}</time>
          {m.userId ? <span>· {t("inbox.signedIn")}</span> : null}
        </p>
      </header>
      <p className="rounded-md border bg-muted/30 p-3 text-sm break-words whitespace-pre-wrap">{m.message}</p>

      {m.replies.length > 0 ? (
        <section aria-label={t("inbox.replies")} className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold">{t("inbox.replies")}</h3>
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

      <form onSubmit={send} noValidate className="flex flex-col gap-2" aria-label={t("inbox.replyTo", { name: m.name })}>
        <Label htmlFor={`${replyId}-text`}>{t("inbox.replyLabel", { email: m.email })}</Label>
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
          {t("inbox.characters", { length: format.number(text.length), max: format.number(CONTACT_REPLY_MAX) })}
        </p>
        <InlineError error={replyError} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={reply.isPending}>
            {reply.isPending ? <Spinner className="text-primary-foreground" /> : <Mail aria-hidden="true" />}
            {t("inbox.send")}
          </Button>
        </div>
      </form>

      <div className="flex flex-wrap gap-2 border-t pt-4">
        {m.status === "handled" ? (
          <Button variant="outline" size="sm" disabled={update.isPending} onClick={() => void change({ status: "open" }, t("inbox.reopened", { name: m.name }))}>
            {t("inbox.reopen")}
          </Button>
        ) : (
          <Button variant="outline" size="sm" disabled={update.isPending} onClick={() => void change({ status: "handled" }, t("inbox.handled", { name: m.name }))}>
            {t("inbox.markHandled")}
          </Button>
        )}
        <Button variant="ghost" size="sm" disabled={update.isPending} onClick={() => void change({ read: false }, t("inbox.unreadAgain", { name: m.name }))}>
          {t("inbox.markUnread")}
        </Button>
      </div>
      <InlineError error={actionError} />
    </article>
  );
}

function MessageItem({ m, selected, onOpen }: { m: ContactMessageSummary; selected: boolean; onOpen: () => void }) {
  const { t } = useTranslation("admin");
  const topicName = useTopicName();
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
            {m.read ? null : <span className="sr-only">{t("inbox.unreadPrefix")} </span>}
            {m.name}
          </span>
          <StatusBadge status={m.status} />
        </span>
        <span className="break-all text-xs text-muted-foreground">
          {m.email} · {topicName(m.topic)} · <time dateTime={m.createdAt}>{format.dateTime(m.createdAt)}</time>
          {m.replies > 0 ? ` · ${t("inbox.replyCount", { count: m.replies, replies: format.number(m.replies) })}` : ""}
        </span>
        <span className={cn("line-clamp-2 break-words", m.read ? "text-muted-foreground" : "font-semibold")}>{m.preview}</span>
      </button>
    </li>
  );
}

/** The admin console's contact inbox (decision 024): list with the unread count, search, status, one message at a time. */
export function ContactInbox() {
  const { t } = useTranslation("admin");
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
    <section aria-label={t("inbox.region")} className="flex flex-col gap-4">
      <p className="text-sm">
        {list.data ? (
          <>
            <Trans t={t} i18nKey="inbox.unreadCount" count={list.data.unread} values={{ unread: format.number(list.data.unread) }} components={{ strong: <strong /> }} />
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
              <Label htmlFor="inbox-search">{t("inbox.search")}</Label>
              <Input
                id="inbox-search"
                type="search"
                value={q}
                placeholder={t("inbox.searchPlaceholder")}
                onChange={(e) => {
                  setQ(e.target.value);
                  setPage(1);
                }}
              />
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor="inbox-status">{t("inbox.filter")}</Label>
              <NativeSelect
                id="inbox-status"
                value={status}
                onChange={(e) => {
                  setStatus(e.target.value as ContactMessageStatus | "");
                  setPage(1);
                }}
              >
                <option value="">{t("inbox.all")}</option>
                {contactMessageStatuses.map((s) => (
                  <option key={s} value={s}>
                    {t(STATUS_KEY[s])}
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
            <p className="text-muted-foreground">{t("inbox.loading")}</p>
          ) : list.data && list.data.messages.length === 0 ? (
            <p className="text-muted-foreground">{q || status ? t("inbox.noMatch") : t("inbox.empty")}</p>
          ) : (
            <ul aria-label={t("inbox.list")} className="flex flex-col gap-2">
              {list.data?.messages.map((m) => (
                <MessageItem key={m.id} m={m} selected={m.id === openId} onOpen={() => setOpenId(m.id)} />
              ))}
            </ul>
          )}
          <nav aria-label={t("inbox.pages")} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span>{list.data ? t("inbox.summary", { count: list.data.total, total: format.number(list.data.total), page: format.number(page), pages: format.number(pages) }) : ""}</span>
            <div className="flex gap-2">
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {t("users.previous")}
              </Button>
              <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                {t("users.next")}
              </Button>
            </div>
          </nav>
        </div>
        <div className={cn("min-w-0", !openId && "hidden lg:block")}>
          {openId ? <ContactMessageView key={openId} id={openId} onBack={back} onResult={setResult} /> : <p className="text-muted-foreground">{t("inbox.choose")}</p>}
        </div>
      </div>
    </section>
  );
}
