import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import { REPORT_ITEM_FIELDS } from '#shared/domain/safety';
import { LIMITS } from '#shared/limits';
import type { ReportItem } from '#shared/schemas/safety';
import type { Tx } from '../../db/client';
import { chatMessages, eventMessages, profiles } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { photoOf } from '../uploads';

/**
 * What a moderator sees of a reported item (issue 30): its snapshot's fields under their own names, its
 * photos, and for a message the messages around it, as they were when it was reported.
 */

/** A message of the reported one's chat, as stored in the report's snapshot. */
interface ContextMessage {
  sender: string;
  content: string;
  sentAt: string;
  reported: boolean;
}

/** The reported message with up to LIMITS.report.contextMessages before and after it in its chat. */
export async function messageContext(
  tx: Tx,
  chat: { type: 'pair'; chatId: string } | { type: 'event'; eventId: string },
  message: { id: string; seq: number },
): Promise<ContextMessage[]> {
  const table = chat.type === 'pair' ? chatMessages : eventMessages;
  const inChat =
    chat.type === 'pair' ? eq(chatMessages.chatId, chat.chatId) : eq(eventMessages.eventId, chat.eventId);
  const around = (side: 'before' | 'after') =>
    tx
      .select({
        id: table.id,
        sender: profiles.fullName,
        content: table.content,
        sentAt: table.createdAt,
      })
      .from(table)
      .leftJoin(profiles, eq(profiles.userId, table.senderId))
      .where(and(inChat, side === 'before' ? lt(table.seq, message.seq) : gt(table.seq, message.seq)))
      .orderBy(side === 'before' ? desc(table.seq) : asc(table.seq))
      .limit(LIMITS.report.contextMessages);
  const [before, [reported], after] = await Promise.all([
    around('before'),
    tx
      .select({ id: table.id, sender: profiles.fullName, content: table.content, sentAt: table.createdAt })
      .from(table)
      .leftJoin(profiles, eq(profiles.userId, table.senderId))
      .where(eq(table.id, message.id)),
    around('after'),
  ]);
  return [...before.reverse(), reported!, ...after].map((row) => ({
    sender: row.sender ?? '',
    content: row.content,
    sentAt: row.sentAt.toISOString(),
    reported: row.id === message.id,
  }));
}

/** A report's snapshot as the moderators' queue shows it. */
export function reportItem(storage: Storage, snapshot: Record<string, unknown>): ReportItem {
  const fields: ReportItem['fields'] = [];
  for (const field of REPORT_ITEM_FIELDS) {
    const value = snapshot[field];
    if (typeof value === 'string' && value.trim()) fields.push({ field, value });
    else if (Array.isArray(value) && value.length) fields.push({ field, value: value.map(String) });
  }
  // A user's photo, a dog's photos, an event's image: upload keys, shown as pictures.
  const keys = [snapshot.photo, snapshot.photos, snapshot.image].flat();
  const photos = keys
    .filter((key): key is string => typeof key === 'string' && key !== '')
    .map((key) => photoOf(storage, key));
  const context = Array.isArray(snapshot.context)
    ? (snapshot.context as ContextMessage[]).map((message) => ({
        ...message,
        sentAt: new Date(message.sentAt),
      }))
    : [];
  return { fields, photos, context };
}
