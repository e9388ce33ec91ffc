import { roomSettingsShape, TAKEOVER_SECONDS } from '@mm/protocol';
import { describe, expect, it } from 'vitest';
import { boundedChoices } from './bounds';
import { TAKEOVER_CHOICES } from './seats';
import { TURN_CHOICES } from './timer';

describe('the room settings the home page offers', () => {
  it('keeps "off" and the candidates within the bounds', () => {
    expect(boundedChoices([null, 5, 10, 3600, 3601], TAKEOVER_SECONDS)).toEqual([null, 10, 3600]);
  });

  it('offers only values the protocol accepts, all of the candidates today', () => {
    expect(TAKEOVER_CHOICES).toEqual([null, 30, 60, 120, 300]);
    expect(TURN_CHOICES).toEqual([null, 30, 120, 86_400, 3 * 86_400]);
    for (const sec of TAKEOVER_CHOICES) expect(roomSettingsShape.takeOverAfterSec.safeParse(sec).success).toBe(true);
    for (const sec of TURN_CHOICES) expect(roomSettingsShape.turnSeconds.safeParse(sec).success).toBe(true);
  });
});
