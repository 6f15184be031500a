/** An event's state as both the server's rules and the web's buttons read it. */

/** Every place is taken: nobody else may join. */
export const isFull = (event: { currentAttendees: number; maxAttendees: number }): boolean =>
  event.currentAttendees >= event.maxAttendees;

/** Not yet started: only upcoming events are listed, joined, and count towards a creator's cap. */
export const isUpcoming = (event: { startsAt: Date }, now: number = Date.now()): boolean =>
  event.startsAt.getTime() > now;
