'use client';

import type { useQrCamera } from './use-qr-camera';

/**
 * The camera's part of a scanning screen (the gate, attendance): the live view while it runs, why it cannot
 * run, and the one button that starts and stops it. The screen keeps its own typed-code form beside it.
 */
export function QrCameraView({
  camera: { videoRef, camera, cameraMessage, startCamera, stopCamera },
}: {
  camera: ReturnType<typeof useQrCamera>;
}) {
  return (
    <>
      <div className={camera === 'off' ? 'hidden' : 'mt-4 overflow-hidden rounded-xl bg-black'}>
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label="Camera view for scanning passes"
          className="aspect-square w-full object-cover"
        />
      </div>
      {camera === 'on' ? (
        <p className="mt-3 text-parchment/85">Hold the pass QR code inside the frame.</p>
      ) : null}
      {cameraMessage ? (
        <p role="alert" className="mt-3 rounded-lg border border-amber-400/60 bg-amber-950/60 px-3 py-2">
          {cameraMessage}
        </p>
      ) : null}
      <button
        type="button"
        onClick={() => (camera === 'off' ? void startCamera() : stopCamera())}
        disabled={camera === 'starting'}
        className="mt-4 min-h-12 w-full rounded-full border border-gold px-6 py-2 font-display tracking-widest text-gold transition hover:bg-gold hover:text-ink disabled:opacity-60"
      >
        {camera === 'off' ? 'Start camera' : camera === 'starting' ? 'Starting camera…' : 'Stop camera'}
      </button>
    </>
  );
}
