import { isLang, type Lang } from '@mm/rules';

/**
 * The few words the server writes into the HTML itself (the shell painted before any
 * script, and the link-preview tags chat apps read), in the client's three languages.
 * Everything else is translated by the client's i18n layer; a family's name is the family's
 * own (`family.name`).
 */
interface PageMessages {
  title: string;
  description: string;
  /** a room whose seat A holds a name */
  invite: (name: string, family: string) => string;
  /** a room nobody sits in yet */
  inviteNoName: (family: string) => string;
  seatsFree: (n: number) => string;
  finished: string;
  loading: string;
  /** the link preview of /daily: the puzzle's number, never anything of its code */
  dailyTitle: (n: number) => string;
  dailyDescription: string;
}

export const PAGE_MESSAGES: Record<Lang, PageMessages> = {
  en: {
    title: 'Mastermind Table',
    description: 'Play Mastermind with friends: create a table, share the link, play in real time.',
    invite: (name, family) => `${name} invites you to a ${family} game`,
    inviteNoName: (family) => `You are invited to a ${family} game`,
    seatsFree: (n) => (n === 0 ? 'the table is full: come and watch' : n === 1 ? '1 seat free' : `${n} seats free`),
    finished: 'the game is over: see how it went',
    loading: 'Loading…',
    dailyTitle: (n) => `Code of the day #${n}`,
    dailyDescription: 'One code for everyone today, ten guesses to break it. Your turn.',
  },
  fr: {
    title: 'Mastermind Table',
    description: 'Jouez au Mastermind entre amis : créez une table, partagez le lien, jouez en temps réel.',
    invite: (name, family) => `${name} vous invite à une partie de ${family}`,
    inviteNoName: (family) => `Vous êtes invité à une partie de ${family}`,
    seatsFree: (n) => (n === 0 ? 'la table est complète : venez regarder' : n === 1 ? '1 place libre' : `${n} places libres`),
    finished: 'la partie est finie : voyez comment elle s’est jouée',
    loading: 'Chargement…',
    dailyTitle: (n) => `Code du jour n° ${n}`,
    dailyDescription: 'Un même code pour tous aujourd’hui, dix essais pour le casser. À vous.',
  },
  de: {
    title: 'Mastermind Table',
    description: 'Mastermind mit Freunden spielen: Tisch erstellen, Link teilen, in Echtzeit spielen.',
    invite: (name, family) => `${name} lädt dich zu einer Partie ${family} ein`,
    inviteNoName: (family) => `Du bist zu einer Partie ${family} eingeladen`,
    seatsFree: (n) => (n === 0 ? 'der Tisch ist voll: schau zu' : n === 1 ? '1 Platz frei' : `${n} Plätze frei`),
    finished: 'die Partie ist vorbei: sieh dir an, wie sie lief',
    loading: 'Wird geladen…',
    dailyTitle: (n) => `Code des Tages Nr. ${n}`,
    dailyDescription: 'Ein Code für alle heute, zehn Versuche, ihn zu knacken. Du bist dran.',
  },
};

/** The first language of an Accept-Language header the pages speak, else English. */
export function pageLang(acceptLanguage: string | undefined): Lang {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())).find(Boolean);
      return { base: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q[1]) : 1 };
    })
    .filter((t) => t.base && t.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { base } of tags) if (isLang(base)) return base;
  return 'en';
}
