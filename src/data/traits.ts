import { findNamed, type Named } from './named';

/** Character traits a dog profile can list, in the order the UI offers them. `name` is the Slovenian adjective. */
export const TRAITS: readonly Named[] = [
  { name: "Zvest", en: "Loyal", de: "Treu", it: "Fedele" },
  { name: "Prijazen", en: "Kind", de: "Liebenswürdig", it: "Gentile" },
  { name: "Pameten", en: "Smart", de: "Klug", it: "Intelligente" },
  { name: "Igriv", en: "Playful", de: "Verspielt", it: "Giocherellone" },
  { name: "Ljubeč", en: "Loving", de: "Liebevoll", it: "Affettuoso" },
  { name: "Vesel", en: "Cheerful", de: "Fröhlich", it: "Allegro" },
  { name: "Zaščitniški", en: "Protective", de: "Beschützend", it: "Protettivo" },
  { name: "Sramežljiv", en: "Shy", de: "Schüchtern", it: "Timido" },
  { name: "Empatičen", en: "Empathetic", de: "Einfühlsam", it: "Empatico" },
  { name: "Pozoren", en: "Attentive", de: "Aufmerksam", it: "Attento" },
  { name: "Radoveden", en: "Curious", de: "Neugierig", it: "Curioso" },
  { name: "Nežen", en: "Gentle", de: "Sanft", it: "Dolce" },
  { name: "Pogumen", en: "Brave", de: "Mutig", it: "Coraggioso" },
  { name: "Plašen", en: "Timid", de: "Ängstlich", it: "Pauroso" },
  { name: "Prijeten", en: "Pleasant", de: "Angenehm", it: "Piacevole" },
  { name: "Spoštljiv", en: "Respectful", de: "Respektvoll", it: "Rispettoso" },
  { name: "Prilagodljiv", en: "Adaptable", de: "Anpassungsfähig", it: "Adattabile" },
  { name: "Zanesljiv", en: "Reliable", de: "Zuverlässig", it: "Affidabile" },
  { name: "Učen", en: "Trainable", de: "Gelehrig", it: "Facile da addestrare" },
  { name: "Energičen", en: "Energetic", de: "Energiegeladen", it: "Energico" },
  { name: "Miren", en: "Calm", de: "Ruhig", it: "Calmo" },
  { name: "Prijateljski", en: "Friendly", de: "Freundlich", it: "Amichevole" },
  { name: "Samozavesten", en: "Confident", de: "Selbstbewusst", it: "Sicuro di sé" },
  { name: "Neobremenjen", en: "Easygoing", de: "Unbeschwert", it: "Spensierato" },
  { name: "Skromen", en: "Undemanding", de: "Genügsam", it: "Di poche pretese" },
  { name: "Hvaležen", en: "Grateful", de: "Dankbar", it: "Riconoscente" },
  { name: "Družaben", en: "Sociable", de: "Gesellig", it: "Socievole" },
  { name: "Aktivne narave", en: "Active", de: "Aktiv", it: "Attivo" },
  { name: "Pustolovski", en: "Adventurous", de: "Abenteuerlustig", it: "Avventuroso" },
  { name: "Stanovanjski", en: "Good in a flat", de: "Wohnungstauglich", it: "Adatto all'appartamento" },
  { name: "Tih", en: "Quiet", de: "Leise", it: "Silenzioso" },
  { name: "Glasen", en: "Vocal", de: "Laut", it: "Rumoroso" },
  { name: "Vztrajen", en: "Persistent", de: "Beharrlich", it: "Tenace" },
  { name: "Počasen", en: "Slow", de: "Gemächlich", it: "Lento" },
  { name: "Hiter", en: "Fast", de: "Schnell", it: "Veloce" },
  { name: "Samostojen", en: "Independent", de: "Selbstständig", it: "Indipendente" },
  { name: "Občutljiv", en: "Sensitive", de: "Sensibel", it: "Sensibile" },
];

/** The canonical `name` of the trait one of whose name forms equals `text` (normalized), or undefined. */
export function resolveTrait(text: string): string | undefined {
  return findNamed(TRAITS, text)?.name;
}
