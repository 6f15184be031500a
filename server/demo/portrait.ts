/**
 * A friendly dog portrait drawn as SVG (no downloads, no stock photos): coat, ears and background vary with
 * the seed, so every demo dog looks a little different. The build encodes each as the usual photo variants
 * (photos.ts).
 */
const COATS = ['#c8843f', '#2b2220', '#e9d3b0', '#8a5a35', '#f2efe9', '#6b6f76', '#b5652b', '#d9b37c'];
const SKIES = [
  ['#ffe7c2', '#ffc98a'],
  ['#d6f1ec', '#9fd8cc'],
  ['#e4e8ff', '#b8c3ff'],
  ['#ffe0e6', '#ffb3c1'],
  ['#eef6d8', '#c8e39a'],
  ['#fff3c4', '#ffd86b'],
] as const;

export function dogPortraitSvg(seed: number): string {
  const coat = COATS[seed % COATS.length]!;
  const ears = COATS[(seed * 3 + 1) % COATS.length]!;
  const [skyTop, skyBottom] = SKIES[seed % SKIES.length]!;
  const floppy = seed % 2 === 0;
  const earPath = floppy
    ? 'M300 330 C230 320 210 470 260 540 C300 520 330 430 340 370 Z M724 330 C794 320 814 470 764 540 C724 520 694 430 684 370 Z'
    : 'M300 380 L330 200 L420 320 Z M724 380 L694 200 L604 320 Z';
  const spot =
    seed % 3 === 0 ? `<ellipse cx="430" cy="470" rx="70" ry="60" fill="${ears}" opacity="0.85"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 1024 1024">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>
  <rect width="1024" height="1024" fill="url(#sky)"/>
  <circle cx="${180 + (seed % 5) * 150}" cy="170" r="80" fill="#ffffff" opacity="0.55"/>
  <ellipse cx="512" cy="980" rx="520" ry="170" fill="#ffffff" opacity="0.35"/>
  <ellipse cx="512" cy="900" rx="250" ry="190" fill="${coat}"/>
  <path d="${earPath}" fill="${ears}"/>
  <ellipse cx="512" cy="480" rx="230" ry="215" fill="${coat}"/>
  ${spot}
  <ellipse cx="512" cy="590" rx="120" ry="95" fill="#f7efe3"/>
  <circle cx="430" cy="440" r="26" fill="#1d1714"/><circle cx="594" cy="440" r="26" fill="#1d1714"/>
  <circle cx="438" cy="432" r="8" fill="#ffffff"/><circle cx="602" cy="432" r="8" fill="#ffffff"/>
  <ellipse cx="512" cy="560" rx="40" ry="28" fill="#1d1714"/>
  <path d="M470 612 Q512 650 554 612" stroke="#1d1714" stroke-width="10" fill="none" stroke-linecap="round"/>
  ${seed % 4 === 1 ? '<path d="M500 630 Q512 700 530 632 Z" fill="#e86a7a"/>' : ''}
  <rect x="400" y="700" width="224" height="34" rx="17" fill="#c2410c"/>
  <circle cx="512" cy="752" r="20" fill="#fbbf24"/>
</svg>`;
}
