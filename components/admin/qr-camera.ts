'use client';

/*
 * Reading QR codes from a camera: the browser's own BarcodeDetector where it exists (Chrome on Android),
 * else jsQR on downscaled video frames. jsQR is imported only when it is needed, so it never weighs on
 * any other page, nor on this one in a browser that can detect QR codes by itself.
 */

interface DetectedBarcode {
  rawValue: string;
}

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}

interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

export type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

/** Frames wider than this are scaled down before jsQR reads them: a QR at arm's length stays readable. */
const maxFrameWidth = 640;

async function nativeReader(): Promise<FrameReader | null> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    if (!formats.includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => {
      const [found] = await detector.detect(video);
      return found?.rawValue || null;
    };
  } catch {
    return null;
  }
}

async function jsqrReader(): Promise<FrameReader> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    const scale = Math.min(1, maxFrameWidth / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data || null;
  };
}

export async function createFrameReader(): Promise<FrameReader> {
  return (await nativeReader()) ?? jsqrReader();
}

/** Why the camera could not start, in words an organiser at the gate can act on. */
export function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'Camera permission was refused. Allow the camera in the browser settings, or type the pass code below.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') {
    return 'No camera was found on this device. Type the pass code below.';
  }
  if (name === 'NotReadableError') {
    return 'The camera is busy in another app. Close it and try again, or type the pass code below.';
  }
  return 'The camera could not be started. Type the pass code below.';
}
