import { DELETED_PLAYER_NAME } from '@mm/protocol/pure';
import { t } from './i18n/index.svelte';

/** A player's name as histories and replays show it: a deleted player's empty name reads "Deleted player" in the reader's language. */
export const shownName = (name: string): string => (name === DELETED_PLAYER_NAME ? t('player.deleted') : name);
