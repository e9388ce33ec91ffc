import type { PushPayload } from '@mm/protocol';
import type { AnyFamily, Lang } from '@mm/rules';

/**
 * The texts of the pushes, in each language the client speaks (apps/web/src/lib/i18n). They are
 * written on the server because a push arrives while no page of ours runs; the service worker
 * only shows them. The game is named by its family, in the same language.
 */

/** The pushes of a room (the daily reminder has its own, below). */
export type RoomPushKind = Exclude<PushPayload['kind'], 'daily' | 'challenge'>;

const TEXTS: Record<Lang, Record<RoomPushKind, { title: string; body: string }>> = {
  en: {
    turn: { title: '● Your turn', body: '{game}: the table is waiting for your move.' },
    finished: { title: 'Match over', body: '{game}: the match has ended. See the result.' },
    rematch: { title: 'Rematch?', body: '{game}: the others want a rematch and wait for your vote.' },
    deadline: {
      title: '⏱ Your time is running out',
      body: '{game}: play soon, or the server plays for you when your time is up.',
    },
  },
  fr: {
    turn: { title: '● À vous de jouer', body: '{game} : la table attend votre coup.' },
    finished: { title: 'Partie terminée', body: '{game} : la partie est finie. Voir le résultat.' },
    rematch: { title: 'Revanche ?', body: '{game} : les autres veulent une revanche et attendent votre vote.' },
    deadline: { title: '⏱ Votre temps est bientôt écoulé', body: '{game} : jouez vite, sinon le serveur jouera à votre place.' },
  },
  de: {
    turn: { title: '● Du bist dran', body: '{game}: Der Tisch wartet auf deinen Zug.' },
    finished: { title: 'Partie beendet', body: '{game}: Die Partie ist zu Ende. Sieh dir das Ergebnis an.' },
    rematch: { title: 'Revanche?', body: '{game}: Die anderen wollen eine Revanche und warten auf deine Stimme.' },
    deadline: {
      title: '⏱ Deine Zeit läuft ab',
      body: '{game}: Spiel bald, sonst spielt der Server für dich, wenn deine Zeit um ist.',
    },
  },
};

const DAILY: Record<Lang, (n: number) => { title: string; body: string }> = {
  en: (n) => ({ title: `Code of the day #${n}`, body: 'Today’s code is waiting for you: ten guesses to break it.' }),
  fr: (n) => ({ title: `Code du jour n° ${n}`, body: 'Le code du jour vous attend : dix essais pour le casser.' }),
  de: (n) => ({ title: `Code des Tages Nr. ${n}`, body: 'Der Code des Tages wartet auf dich: zehn Versuche, ihn zu knacken.' }),
};

/** The daily reminder of puzzle `n`: a tap opens /daily; one notification per puzzle. */
export function dailyReminderPayload(lang: Lang, n: number): PushPayload {
  return { kind: 'daily', ...DAILY[lang](n), url: '/daily', tag: `daily-${n}` };
}

export function pushPayload(kind: RoomPushKind, lang: Lang, family: AnyFamily, roomId: string): PushPayload {
  const text = TEXTS[lang][kind];
  return {
    kind,
    title: text.title,
    body: text.body.replace('{game}', family.name[lang]),
    url: `/r/${roomId}`,
    tag: `room-${roomId}`,
  };
}

const CHALLENGE: Record<Lang, (name: string) => { title: string; body: string }> = {
  en: (name) => ({
    title: `${name} challenges you to a duel`,
    body: 'Accept or decline on the home page: your seat is kept for ten minutes.',
  }),
  fr: (name) => ({
    title: `${name} vous défie en duel`,
    body: 'Acceptez ou refusez sur l’accueil : votre place est gardée dix minutes.',
  }),
  de: (name) => ({
    title: `${name} fordert dich zum Duell heraus`,
    body: 'Nimm auf der Startseite an oder lehne ab: Dein Platz bleibt zehn Minuten frei.',
  }),
};

/** A friend's challenge: a tap opens the home page, which shows it with Accept and Decline; one notification per challenge. */
export function challengePayload(lang: Lang, name: string, challengeId: string): PushPayload {
  return { kind: 'challenge', ...CHALLENGE[lang](name), url: '/', tag: `challenge-${challengeId}` };
}
