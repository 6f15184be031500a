/** Business constants from SPEC §9 and DECISIONS.md. The only place these numbers are written. */
export const LIMITS = {
  password: { min: 8, max: 128 },
  fullName: { max: 100 },
  dogName: { max: 60 },
  email: { max: 254 },
  profileAge: { min: 13, max: 99 },
  /**
   * A dog's age in whole years (issue 30: 0 is under a year; the age comes from its birth month): the deck's
   * age filter, the oldest birth month an owner may give, and the API's legacy `age` input.
   */
  dogAge: { min: 0, max: 20 },
  dogDescription: { max: 1500, previewWords: 30 },
  dogPhotos: { max: 6 },
  dogTraits: { max: 37, onCard: 3 },
  dogsOnProfile: 2,
  /** Optional weight in kg (the Italian texts name it), one decimal. */
  dogWeightKg: { min: 0.5, max: 120 },
  /** Free-text place names (countries without a city list). */
  location: { max: 100 },
  upload: {
    maxBytes: 10 * 1024 * 1024,
    /** Decoded pixels above this are refused before decoding (decompression bombs). */
    maxPixels: 100_000_000,
    widths: { thumb: 200, medium: 512, full: 1920 },
    quality: 80,
    /** Uploads never attached to a dog, profile or event are removed after this. */
    unattachedHours: 24,
    /** Per user, counted in the database so it holds across instances; a disk-filling guard. */
    perHour: 60,
  },
  announcement: { titleMax: 120, contentMax: 2000 },
  chatMessage: { max: 2000, pageSize: 50 },
  /** DECISIONS 4: a rejected like may be repeated after this. */
  likeCooldownMinutes: 60,
  eventAttendees: { min: 2, max: 100, default: 20 },
  /** DECISIONS 9: events a user created that have not started yet. */
  upcomingEventsPerUser: 2,
  /** `pageSize`: events per list answer (the soonest; the next page starts after the last). */
  event: {
    titleMax: 120,
    descriptionMax: 2000,
    locationNameMax: 150,
    searchMax: 100,
    pageSize: 30,
    /** An event starts at most this many days from today (no events dated 9999-12-31). */
    maxDaysAhead: 365,
    /**
     * A recurring series (weekly or every two weeks) reaches at most this many days after its first date
     * (about 3 months); it counts as one event against `upcomingEventsPerUser`.
     */
    seriesMaxDays: 92,
    /** Edits wait this long before attendees are told, so a burst of edits sends one notice. */
    changeNoticeDelayMinutes: 3,
    /** Messages of an event's chat per page. */
    chatPageSize: 50,
  },
  /** Sliding session: 30 days, renewed once less than half is left. */
  sessionDays: 30,
  confirmTokenHours: 48,
  resetTokenMinutes: 60,
  /**
   * Failed sign-ins in a sliding window. One client (an IP address, an IPv6 /64) that fails on one address is
   * slowed down alone, so an attacker's failures do not lock the owner out; one client failing on many
   * addresses is stopped; only many clients failing on one address lock it, and a reset link lifts that. A
   * browser that signed in to the account before (its device cookie) counts only its own failures.
   */
  signIn: { windowMinutes: 15, perDevice: 10, perAddressAndClient: 10, perClient: 30, perAddress: 50 },
  /** Account e-mails (confirmation, reset, "you already have an account") asked for, per hour. */
  mail: { perAddressPerHour: 3, perClientPerHour: 10 },
  /** Unconfirmed sign-ups kept per address (the newest); each waits for its link and its own password. */
  pendingSignUpsPerAddress: 3,
  /** Per server instance: WebSocket connections and the subscriptions one connection may hold. */
  websocket: { subscriptionsPerSocket: 30, socketsPerClient: 60, socketsPerUser: 20 },
  emailConfirmedRedirectSeconds: 5,
  signUpToastMs: 8000,
  mobileBreakpointPx: 768,
  /** SPEC §9: the terms dialog opens this long after a first visit starts. */
  termsPromptDelayMs: 2000,
  /**
   * Swipe gesture (issue 30, after SPEC §5): a card goes when released farther than `distancePx` sideways (its
   * stamp then shows fully), at any speed, or sooner when flicked: past `flickDistancePx` and faster than
   * `flickVelocityPxPerMs` (px/ms); a card thrown back towards the middle that fast stays.
   */
  swipe: { distancePx: 80, flickDistancePx: 30, flickVelocityPxPerMs: 0.5 },
  unreadBadgeMax: 9,
  /**
   * Anti-spam (issues 18 and 28), per user and rolling day. An account younger than `newAccountDays` gets the
   * lower caps. "Unanswered" messages (hearts too) are mine in chats where the other side has written nothing
   * yet. A text of at least `duplicateMinLength` letters and digits that I already sent into `duplicateChats`
   * other chats today is refused, compared as src/domain/message-fingerprint.ts normalises it.
   */
  antiSpam: {
    newAccountDays: 7,
    requestsPerDay: 60,
    requestsPerDayNew: 20,
    unansweredMessagesPerDay: 30,
    unansweredMessagesPerDayNew: 10,
    duplicateMinLength: 12,
    duplicateChats: 3,
    /**
     * Event-chat messages per sender, all event chats together, in sliding windows of a minute (the burst)
     * and an hour (the rate): an event chat has no "unanswered" state to cap, and a new account could pour
     * a hundred messages into one in seconds. Real talk stays below ten in a minute and two a minute for an
     * hour.
     */
    eventMessagesPerMinute: 10,
    eventMessagesPerMinuteNew: 5,
    eventMessagesPerHour: 120,
    eventMessagesPerHourNew: 30,
  },
  /**
   * Notifications away from the app (issue 19): e-mail once a user has had no open socket this long; at
   * most one push per chat this often (later messages wait and go as one); push subscriptions per user.
   */
  notify: {
    emailAfterOfflineMinutes: 10,
    messagePushEveryMinutes: 3,
    subscriptionsPerUser: 10,
    endpointMax: 1000,
    /** How much of the newest message a push shows. */
    previewChars: 120,
  },
  /** Reports (DSA Art. 16): per client an hour; texts; how long a decided report and its snapshot stay. */
  /** Reports; a reported message keeps `contextMessages` before and after it for the moderators. */
  report: { perHour: 10, detailsMax: 1000, retentionDays: 365, contextMessages: 3 },
  /**
   * "Export my data" per account an hour: an export reads everything the account owns (20,000 chat messages:
   * ~0.2 s of the server's time and 7.5 MB of JSON), so a script repeating it could hold the server busy.
   */
  accountExportsPerHour: 5,
  /**
   * Matching (issue 20). Distance is shown and ordered only in buckets whose upper bounds are `bucketsKm`
   * (the last bucket is "more than 200 km"); the radius filter takes one of `radiusStepsKm` (or any), and
   * the deck offers the next step when it runs out. `breedsMax`: breeds one filter may name. `batchSize`:
   * cards the web app asks for at once (the page and the prefetch at navigation ask alike).
   */
  deck: {
    bucketsKm: [5, 20, 50, 100, 200],
    radiusStepsKm: [5, 20, 50, 100, 200],
    defaultRadiusKm: 200,
    breedsMax: 5,
    likedPageSize: 30,
    batchSize: 30,
  },
  /** Moderation: the statement of reasons, an appeal's text, and the longest suspension. */
  moderation: { statementMax: 2000, appealMax: 2000, suspendDaysMax: 365 },
  /** How long an event lasts (its calendar entry's end): two hours unless the organiser says otherwise. */
  eventDuration: { minMinutes: 15, maxMinutes: 24 * 60, defaultMinutes: 120 },
  /**
   * Personal access tokens (issue 22): a name, live tokens per user, the lifetimes offered, and calls per token
   * in a fixed one-minute window (counted in the token's row, so exact across instances).
   */
  accessToken: {
    nameMax: 60,
    perUser: 20,
    expiryDays: [7, 30, 90, 365],
    callsPerMinute: 300,
    /** An expired token stays listed this long (its owner sees why a script stopped), then it is deleted. */
    keepExpiredDays: 30,
    /** Wrong bearer tokens one client may present in the window before its bearer calls are refused. */
    wrongPerClient: 30,
    wrongWindowMinutes: 15,
  },
  /**
   * Dog places (issue 33): a name, a description and photos as a dog's; up to three opening ranges a day;
   * a tip is a line or two. The map's radii (km) and the most places one answer lists; new places a day per
   * account (a new account's wait for a moderator).
   */
  spot: {
    name: { min: 2, max: 80 },
    descriptionMax: 1000,
    photosMax: 6,
    rangesPerDay: 3,
    tipMax: 280,
    radiiKm: [1, 2, 5, 10, 25, 50],
    defaultRadiusKm: 5,
    nearMax: 100,
    perDay: 10,
    /** Changes an owner may suggest in a day, to all places together. */
    suggestionsPerDay: 20,
    suggestionNoteMax: 500,
  },
  /** "We're here now" (issue 33 §4): how long a check-in lasts, the choices offered, a day's cap. */
  checkIn: {
    minutes: [30, 60, 90, 120, 180],
    defaultMinutes: 60,
    dogsMax: 10,
    perDay: 20,
  },
  /**
   * Lost-dog alerts (issue 33 §5–8): the radii an owner widens through step by step (the first is the
   * default), what a note may hold, how far back a last sighting may be, a month's cap per account, and how
   * long an alert stays open unless renewed.
   */
  lostAlert: {
    radiusKm: [5, 10, 15, 25],
    noteMax: 500,
    /** A found dog's description ("brown mixed breed, red collar"), which stands for its name. */
    looksMax: 120,
    seenWithinDays: 7,
    /** Alerts an account may raise in `capDays` days. */
    perMonth: 3,
    capDays: 30,
    expiresDays: 30,
    /** Sightings an account may add in a day, to all alerts together. */
    sightingsPerDay: 20,
  },
} as const;
