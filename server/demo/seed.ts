import { and, count, eq, inArray, isNull, like } from 'drizzle-orm';
import { monthOfIndex, utcMonthIndex } from '#shared/domain/dog-age';
import { addDays, dateInDays } from '#shared/domain/event-time';
import { dogCreateInput } from '#shared/schemas/dogs';
import { eventCreateInput } from '#shared/schemas/events';
import { PLACE_COORDINATES } from '#shared/data/coordinates';
import { type SpotCreateInput, spotCreateInput } from '#shared/schemas/spots';
import { adminUpdates, profiles, spots, uploads, users } from '../db/schema';
import type { ServiceDeps } from '../services/deps';
import { createDog } from '../services/matching/dogs';
import { createEvent } from '../services/events/events';
import { removeUploadFiles, storeUpload } from '../services/uploads';
import { demoPhoto } from './photos';

/** Demo owners sign in with nothing: no password (DECISIONS 12), an address nobody can receive. */
const DEMO_DOMAIN = 'demo.tacke.si';

const OWNERS: Array<[name: string, town: string, age: number]> = [
  ['Maja Novak', 'Ljubljana', 29],
  ['Luka Horvat', 'Maribor', 34],
  ['Nina Kranjc', 'Celje', 41],
  ['Jure Zupan', 'Kranj', 25],
  ['Eva Potočnik', 'Koper', 37],
  ['Matej Kovačič', 'Novo mesto', 45],
  ['Sara Mlakar', 'Velenje', 22],
  ['Gregor Vidmar', 'Ptuj', 52],
  ['Tina Golob', 'Murska Sobota', 31],
  ['Anže Turk', 'Nova Gorica', 27],
  ['Petra Kos', 'Ljubljana', 36],
  ['Rok Bizjak', 'Maribor', 30],
  ['Urška Hribar', 'Bled', 44],
  ['Blaž Zajc', 'Kamnik', 39],
  ['Lea Kolar', 'Domžale', 24],
  ['Žiga Kastelic', 'Škofja Loka', 33],
  ['Ana Oblak', 'Piran', 58],
  ['Miha Rozman', 'Jesenice', 47],
  ['Katja Petek', 'Slovenj Gradec', 28],
  ['David Jereb', 'Brežice', 35],
  ['Mojca Hren', 'Izola', 42],
  ['Tilen Kuhar', 'Trbovlje', 26],
  ['Špela Zorko', 'Ajdovščina', 32],
  ['Nejc Pirc', 'Ljubljana', 38],
];

/** Ages are in months: two puppies (issue 30) for the puppy training among the events. */
const YEARS = 12;

const DOGS: Array<
  [name: string, breed: string, months: number, gender: 'male' | 'female', traits: string[], about: string]
> = [
  [
    'Luna',
    'Labradorec',
    3 * YEARS,
    'female',
    ['Prijazen', 'Igriv', 'Družaben'],
    'Obožuje vodo in dolge sprehode ob reki.',
  ],
  [
    'Max',
    'Nemški ovčar',
    5 * YEARS,
    'male',
    ['Zvest', 'Pameten', 'Zaščitniški'],
    'Učljiv, miren doma, na travniku pravi športnik.',
  ],
  [
    'Bela',
    'Kraški ovčar',
    4 * YEARS,
    'female',
    ['Pogumen', 'Samostojen', 'Zvest'],
    'Naša kraška lepotica išče prijatelje za pohode.',
  ],
  [
    'Rex',
    'Border collie',
    2 * YEARS,
    'male',
    ['Energičen', 'Pameten', 'Hiter'],
    'Frizbi je njegova največja ljubezen.',
  ],
  [
    'Piki',
    'Jack Russell terier',
    6 * YEARS,
    'male',
    ['Radoveden', 'Vesel', 'Glasen'],
    'Majhen, a poln energije in norčij.',
  ],
  [
    'Nela',
    'Zlati prinašalec',
    4,
    'female',
    ['Ljubeč', 'Igriv', 'Nežen'],
    'Mladička, ki se uči vsega s tačko in repom.',
  ],
  [
    'Runo',
    'Tornjak',
    7 * YEARS,
    'male',
    ['Miren', 'Zanesljiv', 'Zaščitniški'],
    'Velik kosmatinec z mehkim srcem.',
  ],
  [
    'Fifi',
    'Pritlikavi pudelj',
    8 * YEARS,
    'female',
    ['Nežen', 'Stanovanjski', 'Pozoren'],
    'Rada se crklja in opazuje svet iz naročja.',
  ],
  [
    'Aron',
    'Sibirski haski',
    3 * YEARS,
    'male',
    ['Pustolovski', 'Energičen', 'Družaben'],
    'Pozimi najsrečnejši, poleti išče senco.',
  ],
  [
    'Mila',
    'Bigl',
    4 * YEARS,
    'female',
    ['Radoveden', 'Prijateljski', 'Vztrajen'],
    'Nos vedno pri tleh, rep vedno pokonci.',
  ],
  [
    'Čarli',
    'Francoski buldog',
    2 * YEARS,
    'male',
    ['Vesel', 'Stanovanjski', 'Prijeten'],
    'Smrčav šarmer, ki obožuje ljudi.',
  ],
  [
    'Zara',
    'Dalmatinec',
    5 * YEARS,
    'female',
    ['Aktivne narave', 'Igriv', 'Samozavesten'],
    'Teče ob kolesu in lovi žogice.',
  ],
  [
    'Bobi',
    'Mešanec',
    9 * YEARS,
    'male',
    ['Hvaležen', 'Miren', 'Prijazen'],
    'Posvojen iz zavetišča, zdaj kralj kavča.',
  ],
  [
    'Lara',
    'Bernski planšarski pes',
    3 * YEARS,
    'female',
    ['Nežen', 'Zvest', 'Počasen'],
    'Velika, mehka in potrpežljiva z otroki.',
  ],
  [
    'Tedi',
    'Maltežan',
    6 * YEARS,
    'male',
    ['Ljubeč', 'Stanovanjski', 'Tih'],
    'Bel puhek, ki rad spi na soncu.',
  ],
  [
    'Kira',
    'Avstralski ovčar',
    2 * YEARS,
    'female',
    ['Pameten', 'Energičen', 'Učen'],
    'Išče družbo za agility in dolge teke.',
  ],
  [
    'Oskar',
    'Jazbečar',
    10 * YEARS,
    'male',
    ['Samostojen', 'Pogumen', 'Glasen'],
    'Star gospod z veliko osebnostjo.',
  ],
  [
    'Sivka',
    'Samojed',
    4 * YEARS,
    'female',
    ['Družaben', 'Vesel', 'Prijateljski'],
    'Nasmejan oblaček, ki ljubi sneg.',
  ],
  [
    'Ares',
    'Mešanec',
    7,
    'male',
    ['Igriv', 'Radoveden', 'Sramežljiv'],
    'Mlad in malce plašen, a hitro se ogreje.',
  ],
  ['Pika', 'Čivava', 7 * YEARS, 'female', ['Pozoren', 'Glasen', 'Zvest'], 'Majhna čuvajka z velikim srcem.'],
  [
    'Hugo',
    'Srednji šnavcer',
    5 * YEARS,
    'male',
    ['Zanesljiv', 'Pozoren', 'Učen'],
    'Brkati raziskovalec gozdnih poti.',
  ],
  [
    'Maša',
    'Angleški koker španjel',
    3 * YEARS,
    'female',
    ['Nežen', 'Vesel', 'Empatičen'],
    'Dolga ušesa, še daljši sprehodi.',
  ],
  [
    'Vito',
    'Labradoodle',
    2 * YEARS,
    'male',
    ['Prijazen', 'Igriv', 'Prilagodljiv'],
    'Kodrasti prijatelj vseh psov v parku.',
  ],
  [
    'Dona',
    'Mešanec',
    6 * YEARS,
    'female',
    ['Hvaležen', 'Miren', 'Občutljiv'],
    'Mirna dama, ki rada hodi v hribe.',
  ],
];

/** Each on the first day at least `days` from the seeding, or the first `weekday` (0: Sunday) from then. */
const EVENTS = [
  {
    title: 'Nedeljski sprehod ob Ljubljanici',
    type: 'meetup',
    town: 'Ljubljana',
    place: 'Tromostovje',
    days: 1,
    weekday: 0,
    time: '10:00',
  },
  {
    title: 'Osnove poslušnosti za mladičke',
    type: 'training',
    town: 'Maribor',
    place: 'Mestni park',
    days: 5,
    time: '17:30',
  },
  {
    title: 'Pasja igralnica na obali',
    type: 'playdate',
    town: 'Koper',
    place: 'Plaža Žusterna',
    days: 8,
    time: '09:30',
  },
  {
    title: 'Pohod na Šmarno goro s psi',
    type: 'other',
    town: 'Ljubljana',
    place: 'Parkirišče Tacen',
    days: 12,
    time: '08:00',
  },
] as const;

/** An event's date: a day named in its title ('Nedeljski': Sunday) is that weekday. */
function eventDay(event: { days: number; weekday?: number }): string {
  const first = dateInDays(event.days);
  if (event.weekday === undefined) return first;
  return addDays(first, (event.weekday - new Date(`${first}T00:00:00Z`).getUTCDay() + 7) % 7);
}

const WELCOME = {
  title: 'Dobrodošli v Tačkah!',
  content:
    'Tačke povezujejo lastnike psov po vsej Sloveniji. Dodajte svojega psa, poiščite prijatelje za sprehode in se pridružite dogodkom. Psi, ki jih vidite pred prijavo, so predstavitveni.',
  updateType: 'announcement' as const,
};

/** Dog places in the demo towns (issue 33), near each town's centre, marked as demo: no real place is meant. */
const WEEKDAYS_8_TO_19 = [0, 1, 2, 3, 4, 5, 6].map((day) =>
  day < 5 ? [{ from: '08:00', to: '19:00' }] : [],
);
const SPOTS: Array<Omit<SpotCreateInput, 'country' | 'lat' | 'lon'> & { near: [number, number] }> = [
  {
    kind: 'dogPark',
    name: 'Pasji park ob ribniku',
    location: 'Ljubljana',
    near: [0.004, -0.012],
    amenities: ['fenced', 'water', 'bins', 'shade', 'smallDogArea'],
    leashRule: 'offLeash',
    description: 'Ograjen travnik z ločenim delom za male pse. Voda je pri vhodu.',
  },
  {
    kind: 'trail',
    name: 'Krožna pot na grič',
    location: 'Ljubljana',
    near: [0.012, -0.02],
    amenities: ['bins', 'shade'],
    leashRule: 'mixed',
    description: 'Gozdna pot, okoli uro hoje. Na vrhu je klop in senca.',
  },
  {
    kind: 'vet',
    name: 'Veterinarska ambulanta Center',
    location: 'Ljubljana',
    near: [-0.004, 0.006],
    amenities: [],
    leashRule: 'onLeash',
    hours: WEEKDAYS_8_TO_19,
    emergency: true,
  },
  {
    kind: 'cafe',
    name: 'Kavarna Pasja tačka',
    location: 'Ljubljana',
    near: [-0.002, 0.002],
    amenities: ['water'],
    leashRule: 'onLeash',
    hours: [0, 1, 2, 3, 4, 5, 6].map(() => [{ from: '07:00', to: '22:00' }]),
  },
  {
    kind: 'dogPark',
    name: 'Pasji park pod Kalvarijo',
    location: 'Maribor',
    near: [0.006, -0.004],
    amenities: ['fenced', 'bins', 'lighting'],
    leashRule: 'offLeash',
  },
  {
    kind: 'water',
    name: 'Kopališče za pse ob Dravi',
    location: 'Maribor',
    near: [-0.004, 0.003],
    amenities: ['water', 'shade'],
    leashRule: 'offLeash',
    description: 'Plitev prodnat breg, primeren za plavanje psov.',
  },
  {
    kind: 'petShop',
    name: 'Trgovina Smrček',
    location: 'Celje',
    near: [0.001, 0.002],
    amenities: [],
    leashRule: 'onLeash',
    hours: WEEKDAYS_8_TO_19,
  },
  {
    kind: 'training',
    name: 'Vadbišče Kinološkega društva',
    location: 'Kranj',
    near: [0.008, 0.01],
    amenities: ['fenced', 'lighting'],
    leashRule: 'offLeash',
  },
  {
    kind: 'trail',
    name: 'Obalna pot',
    location: 'Piran',
    near: [0.002, 0.008],
    amenities: ['bins'],
    leashRule: 'onLeash',
    description: 'Ob morju proti Fiesi; poleti zgodaj zjutraj ali zvečer.',
  },
  {
    kind: 'groomer',
    name: 'Salon Kodrasti',
    location: 'Novo mesto',
    near: [0.001, -0.002],
    amenities: [],
    leashRule: 'onLeash',
    hours: WEEKDAYS_8_TO_19,
  },
];

const demoOwners = and(isNull(users.passwordHash), like(users.email, `%@${DEMO_DOMAIN}`));

/** Whether the demo set is complete: the welcome is written last (and stays, even once retired). */
export async function hasDemoData(deps: ServiceDeps): Promise<boolean> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(adminUpdates)
    .where(and(eq(adminUpdates.title, WELCOME.title), isNull(adminUpdates.createdBy)));
  return (row?.n ?? 0) > 0;
}

/** What an interrupted first start left behind (rows, and their photo files). */
async function removePartialDemo(deps: ServiceDeps) {
  await deps.db.delete(spots).where(eq(spots.demo, true));
  const owners = await deps.db.select({ id: users.id }).from(users).where(demoOwners);
  if (!owners.length) return;
  const ids = owners.map((owner) => owner.id);
  const files = await deps.db.select({ key: uploads.key }).from(uploads).where(inArray(uploads.ownerId, ids));
  await deps.db.delete(users).where(inArray(users.id, ids));
  await removeUploadFiles(
    deps.storage,
    files.map((file) => file.key),
    deps.log,
  );
}

/**
 * The demo set (DECISIONS 12): 24 owners across Slovenian towns with their dogs and generated photos, a few
 * upcoming events, dog places in the towns and a welcome announcement, so a newcomer sees a living app. Runs once: nothing happens
 * when the set is complete, and a set an interrupted start left half-made is made again. Returns how many
 * dogs it made.
 */
export async function seedDemo(deps: ServiceDeps): Promise<number> {
  if (await hasDemoData(deps)) return 0;
  await removePartialDemo(deps);
  let dogs = 0;
  const ownerIds: string[] = [];
  for (const [i, [fullName, town, age]] of OWNERS.entries()) {
    const [user] = await deps.db
      .insert(users)
      .values({ email: `demo-${i + 1}@${DEMO_DOMAIN}`, passwordHash: null, emailVerifiedAt: new Date() })
      .returning({ id: users.id });
    const userId = user!.id;
    ownerIds.push(userId);
    await deps.db.insert(profiles).values({ userId, fullName, age, location: town, countryCode: 'SI' });
    // One dog each, and a second one for every third owner.
    for (const d of i % 3 === 0 ? [i, (i + 7) % DOGS.length] : [i]) {
      const [name, breed, months, gender, traits, description] = DOGS[d % DOGS.length]!;
      const photo = await storeUpload(deps, userId, 'dog', await demoPhoto(dogs));
      await createDog(
        deps,
        userId,
        dogCreateInput.parse({
          name,
          breed,
          birthMonth: monthOfIndex(utcMonthIndex() - months),
          gender,
          traits,
          description,
          location: town,
          photos: [photo.key],
        }),
      );
      dogs++;
    }
  }
  for (const [i, event] of EVENTS.entries())
    await createEvent(
      deps,
      ownerIds[i * 5]!,
      eventCreateInput.parse({
        title: event.title,
        description: 'Pridružite se nam – voda za pse bo, dobra volja tudi.',
        eventDate: eventDay(event),
        eventTime: event.time,
        locationName: event.place,
        country: 'SI',
        location: event.town,
        eventType: event.type,
        maxAttendees: 15,
      }),
    );
  await deps.db.insert(spots).values(
    SPOTS.map(({ near, ...spot }) => {
      const [lat, lon] = PLACE_COORDINATES.SI[spot.location]!;
      const input = spotCreateInput.parse({ ...spot, country: 'SI', lat: lat + near[0], lon: lon + near[1] });
      const { country, ...columns } = input;
      return { ...columns, countryCode: country, status: 'published' as const, demo: true };
    }),
  );
  await deps.db.insert(adminUpdates).values(WELCOME);
  return dogs;
}
