import { realtimeTopics, realtimeTypes, type Notification, type TeamEvent } from "@routepilot/contracts";
import { teamMembers, teamNotifications, type DbOrTx } from "@routepilot/db";
import { eq } from "drizzle-orm";
import type { Logger } from "../../lib/logger";
import type { RealtimeBus, RealtimeEnvelope } from "../../platform/realtime/bus";
import { firstOrThrow } from "../../lib/errors";

type NotificationType = Notification["type"];

/** Presents a team_notifications row as the API shape. */
export function presentNotification(row: typeof teamNotifications.$inferSelect): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/**
 * What a team change tells others: notification rows written in the change's transaction, and
 * realtime messages queued until it has committed (`flush`), so nobody hears of a change that
 * was rolled back.
 */
export class TeamEvents {
  private readonly queued: RealtimeEnvelope[] = [];

  /** Writes a team_notifications row (in the caller's transaction) and queues its realtime message. */
  async notify(tx: DbOrTx, userId: string, type: NotificationType, title: string, message: string): Promise<void> {
    const row = firstOrThrow(await tx.insert(teamNotifications).values({ userId, type, title, message }).returning(), "notification insert returned no row");
    this.publish([userId], realtimeTopics.notifications, realtimeTypes.notificationCreated, { notification: presentNotification(row) });
  }

  publish(userIds: string[], topic: string, type: string, data: unknown): void {
    if (userIds.length > 0) this.queued.push({ userIds: [...new Set(userIds)], message: { topic, type, data } });
  }

  /** Queues `members_changed` on team:{id} for every current member (read in the transaction) plus `extra` users. */
  async teamChanged(tx: DbOrTx, teamId: string, change: string, userId: string | null, extra: string[] = []): Promise<void> {
    const members = await tx.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
    const data: TeamEvent = { teamId, change, userId };
    this.publish([...members.map((m) => m.userId), ...extra], realtimeTopics.team(teamId), realtimeTypes.membersChanged, data);
  }

  /** Publishes what was queued; call after the transaction committed. Never throws. */
  async flush(bus: RealtimeBus, logger: Logger): Promise<void> {
    for (const envelope of this.queued.splice(0)) {
      await bus.publish(envelope).catch((err: unknown) => logger.warn({ err, topic: envelope.message.topic }, "realtime publish failed"));
    }
  }
}
