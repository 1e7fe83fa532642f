import { describe, expect, it } from 'vitest';
import { pickDefaultTrack } from './caption-tracks';

const tracks = [{ language: 'ar' }, { language: 'en-GB' }, { language: 'es' }, { language: 'pt-BR' }];

describe('the default caption track', () => {
  it('is the first preferred language a track matches, exactly or by its primary language', () => {
    expect(pickDefaultTrack(tracks, ['es-MX', 'en'])?.language).toBe('es');
    expect(pickDefaultTrack(tracks, ['en-US'])?.language).toBe('en-GB');
    expect(pickDefaultTrack(tracks, ['PT-br', 'es'])?.language).toBe('pt-BR');
  });

  it('is the first track when no preferred language matches, and none without tracks', () => {
    expect(pickDefaultTrack(tracks, ['fr', 'de'])?.language).toBe('ar');
    expect(pickDefaultTrack(tracks, [])?.language).toBe('ar');
    expect(pickDefaultTrack([], ['en'])).toBeNull();
  });
});
