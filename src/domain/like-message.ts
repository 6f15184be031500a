/**
 * The heart message (SPEC §4 Like request): posted by a like where the pair's chat exists, or sent with the
 * composer's heart. A message type of its own, so each reader sees it in their language and no text can
 * pass for it; the content is only what scripts read.
 */
export const LIKE_MESSAGE = { content: '❤️', messageType: 'like' } as const;

export function isLikeMessage(message: { messageType: string }): boolean {
  return message.messageType === LIKE_MESSAGE.messageType;
}
