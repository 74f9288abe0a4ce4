import type { ChatMessage } from '@wallet/contract/chat';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import type { SignedLinks } from '../../lib/signed-links';
import { findConversationFile, type MessageRow } from './chat.repository';
import { NAME_FILE_WITHIN_MINUTES } from './chat-files';

/** How a media message names its file inside the server: the signed link is made per reader. */
const FILE_LINK = /\/api\/chat\/files\/(\d+)(?:\?|$)/;

/**
 * A media message names a file by the link its upload answered; the file must have been
 * uploaded into this conversation, as the kind the message says.
 */
export async function mediaPayload(
  db: Db,
  conversationId: number,
  payload: { fileType: 'image' | 'video'; filePath: string; name?: string | undefined },
): Promise<Record<string, unknown>> {
  const id = Number(FILE_LINK.exec(payload.filePath)?.[1]);
  const file = Number.isSafeInteger(id)
    ? await findConversationFile(db, conversationId, id, NAME_FILE_WITHIN_MINUTES)
    : null;
  if (!file || file.kind !== payload.fileType) throw new DomainError('NO_DATA');
  return { fileType: file.kind, fileId: file.id, name: payload.name?.slice(0, 255) ?? '' };
}

/** A stored message in the shape of the spec's entities; a file becomes a fresh signed link. */
export async function toChatMessage(links: SignedLinks, row: MessageRow): Promise<ChatMessage> {
  const { fileId, ...rest } = row.payload as { fileId?: number } & Record<string, unknown>;
  const payload = fileId === undefined ? rest : { ...rest, filePath: await links.url(fileId) };
  return {
    id: row.id,
    sender: row.sender,
    createdAt: row.createdAt.toISOString(),
    session_id: row.sessionId,
    userId: row.memberId === null ? null : String(row.memberId),
    guestId: row.guestId,
    username: row.username,
    name: row.name,
    deviceToken: row.deviceToken,
    message: {
      message_type: row.messageType as ChatMessage['message']['message_type'],
      payload,
      deliver: { id: row.deliverId, status: 'succeed' },
    },
  };
}
