import { describe, expect, it } from 'vitest';
import { photoSources } from '../../web/src/lib/photo-sources';

const PHOTO = {
  thumb: '/media/dogs/abc_thumb.webp',
  medium: '/media/dogs/abc_med.webp',
  full: '/media/dogs/abc_full.webp',
};

/* Issue 32: every photo offers its stored widths, so a 40 px avatar never loads the 1920 px variant. */
describe('photoSources', () => {
  it('lists the three stored variants with their widths, passes sizes through and falls back to medium', () => {
    expect(photoSources(PHOTO, '(min-width: 768px) 448px, calc(100vw - 2rem)')).toEqual({
      src: '/media/dogs/abc_med.webp',
      srcSet:
        '/media/dogs/abc_thumb.webp 200w, /media/dogs/abc_med.webp 512w, /media/dogs/abc_full.webp 1920w',
      sizes: '(min-width: 768px) 448px, calc(100vw - 2rem)',
    });
    expect(photoSources(PHOTO, '40px').sizes).toBe('40px');
  });

  it('leaves the full variant out when the largest is medium (grids of many photos)', () => {
    expect(photoSources(PHOTO, '360px', 'medium')).toEqual({
      src: '/media/dogs/abc_med.webp',
      srcSet: '/media/dogs/abc_thumb.webp 200w, /media/dogs/abc_med.webp 512w',
      sizes: '360px',
    });
  });

  it('gives a photo with a single URL just that URL, with no srcset to mislead the browser', () => {
    const url = 'https://example.org/demo/rex.webp';
    expect(photoSources({ thumb: url, medium: url, full: url }, '40px')).toEqual({
      src: url,
      srcSet: undefined,
      sizes: undefined,
    });
    expect(photoSources({ thumb: '', medium: '', full: url }, '40px')).toEqual({
      src: url,
      srcSet: undefined,
      sizes: undefined,
    });
  });

  it('lists only the distinct URLs when two variants share one', () => {
    const { srcSet } = photoSources({ ...PHOTO, full: PHOTO.medium }, '100vw');
    expect(srcSet).toBe('/media/dogs/abc_thumb.webp 200w, /media/dogs/abc_med.webp 512w');
  });
});
