'use client';

import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { cameraProblem, createFrameReader, type FrameReader } from './qr-camera';

/** How often a video frame is read, and how long the same QR is ignored after it was handled. */
const scanIntervalMs = 250;
const sameCodePauseMs = 5000;

export type CameraState = 'off' | 'starting' | 'on';

/**
 * The phone's camera as a pass reader, for the gate and for attendance: starts and stops the camera, reads
 * a frame every quarter second while `busy` is false (the screen's own request in flight), and hands each
 * code to `onCode`, ignoring the same code for five seconds after it was handled (a pass held still in
 * front of the camera counts once). A camera refused or missing becomes a message; typing always works.
 */
export function useQrCamera(onCode: (code: string) => Promise<unknown>, busy: RefObject<boolean>) {
  const [camera, setCamera] = useState<CameraState>('off');
  const [cameraMessage, setCameraMessage] = useState<string | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timerRef = useRef<number | undefined>(undefined);
  const lastScanRef = useRef<{ code: string; at: number } | null>(null);
  // The latest handler, so a running scan loop never calls one from an earlier render.
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  const stopCamera = useCallback(() => {
    window.clearTimeout(timerRef.current);
    timerRef.current = undefined;
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setCamera('off');
  }, []);

  useEffect(() => stopCamera, [stopCamera]);

  async function startCamera() {
    setCameraMessage(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setCameraMessage(
        'This browser cannot use the camera on this page (it needs a secure HTTPS connection). Type the pass code below.',
      );
      return;
    }
    setCamera('starting');
    let reader: FrameReader;
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
      streamRef.current = stream;
      const video = videoRef.current;
      if (!video) throw new Error('video element missing');
      video.srcObject = stream;
      await video.play();
      reader = await createFrameReader();
    } catch (error) {
      stopCamera();
      setCameraMessage(cameraProblem(error));
      return;
    }
    setCamera('on');
    const tick = async () => {
      const video = videoRef.current;
      if (!streamRef.current || !video) return;
      if (!busy.current && video.readyState >= 2) {
        const code = await reader(video).catch(() => null);
        const last = lastScanRef.current;
        if (code && !(last && last.code === code && Date.now() - last.at < sameCodePauseMs)) {
          lastScanRef.current = { code, at: Date.now() };
          await onCodeRef.current(code);
          lastScanRef.current = { code, at: Date.now() };
        }
      }
      if (streamRef.current) timerRef.current = window.setTimeout(() => void tick(), scanIntervalMs);
    };
    void tick();
  }

  return { videoRef, camera, cameraMessage, startCamera, stopCamera };
}
