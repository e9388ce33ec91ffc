import { TURN_SECONDS } from '@mm/protocol/pure';
import { boundedChoices } from './bounds';

/** The turn timer choices of the create screen (`turnSeconds`; null: no timer). */
export const TURN_CHOICES = boundedChoices([null, 30, 120, 86_400, 3 * 86_400], TURN_SECONDS);

type TimeKey = 'time.sec' | 'time.min' | 'time.hour' | 'time.day' | 'time.days';
type Translate = (key: TimeKey, params?: Record<string, string | number>) => string;

/**
 * A duration as people say it: seconds under two minutes ("45 s"), then minutes ("12 min"),
 * hours and minutes ("2 h 5 min"), days and hours ("1 day 3 h"). Rounded up, so a countdown
 * never shows 0 before the end.
 */
export function formatDuration(ms: number, t: Translate): string {
  const sec = Math.max(0, Math.ceil(ms / 1000));
  if (sec < 120) return t('time.sec', { n: sec });
  const min = Math.ceil(sec / 60);
  if (min < 60) return t('time.min', { n: min });
  const days = Math.floor(min / 1440);
  const hours = Math.floor((min % 1440) / 60);
  const mins = min % 60;
  if (days === 0) return mins ? `${t('time.hour', { n: hours })} ${t('time.min', { n: mins })}` : t('time.hour', { n: hours });
  const dayText = days === 1 ? t('time.day') : t('time.days', { n: days });
  return hours ? `${dayText} ${t('time.hour', { n: hours })}` : dayText;
}
