import { ImageResponse } from 'next/og';
import { festival, festivalTitle } from '@/lib/festival';

export const alt = `${festivalTitle}: ${festival.tagline}`;
export const size = { width: 1200, height: 630 };
export const contentType = 'image/png';

/** The sharing card for every page: festival name, dates and place over a night sky. */
export default function OpenGraphImage() {
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(180deg, #0d0a1a 0%, #2a1b4d 60%, #5b3a6e 100%)',
        color: '#f5ecd7',
        fontFamily: 'serif',
      }}
    >
      <div style={{ fontSize: 34, letterSpacing: 12, color: '#e9c46a' }}>20 – 23 FEBRUARY · GANDHINAGAR</div>
      <div style={{ fontSize: 120, fontWeight: 700, marginTop: 24 }}>{festivalTitle}</div>
      <div style={{ fontSize: 40, marginTop: 24, opacity: 0.9 }}>{festival.tagline}</div>
    </div>,
    size,
  );
}
