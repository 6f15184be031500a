/**
 * The automatic chat message a like posts when a chat already exists (SPEC §4 Like request): 'I like you'
 * with a heart, in Slovenian, sent as an emoji message so the chat shows it as a styled like message.
 */
export const LIKE_MESSAGE = { content: 'Všeč si mi ❤️', messageType: 'emoji' } as const;

export function isLikeMessage(message: { content: string; messageType: string }): boolean {
  return message.messageType === LIKE_MESSAGE.messageType && message.content === LIKE_MESSAGE.content;
}
