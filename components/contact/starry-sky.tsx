'use client';

import { useEffect, useRef } from 'react';

/** SPEC.md part 9: 750 stars; every 2 s a shooting star appears with a 30% chance. */
export const starCount = 750;
export const shootingStarIntervalMs = 2000;
export const shootingStarChance = 0.3;
/**
 * Twinkling is slow (one cycle takes seconds), so ten frames a second look the same as sixty while costing a
 * sixth of the work on a phone; a shooting star, while one is crossing, is drawn on every frame.
 */
const twinkleFrameMs = 100;

interface Star {
  x: number;
  y: number;
  r: number;
  phase: number;
  speed: number;
}

interface ShootingStar {
  x: number;
  y: number;
  vx: number;
  vy: number;
  life: number;
}

/**
 * The animated starry background behind the contact block. It draws only while it is on screen, the tab
 * is visible and the visitor has not asked for reduced motion (then a single still frame is drawn).
 */
export function StarrySky() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    let stars: Star[] = [];
    let shooting: ShootingStar[] = [];
    let width = 0;
    let height = 0;
    let frame = 0;
    let lastDrawn = -Infinity;
    let spawnTimer: ReturnType<typeof setInterval> | undefined;
    let onScreen = false;

    function resize() {
      const dpr = Math.min(window.devicePixelRatio || 1, 2);
      width = canvas!.clientWidth;
      height = canvas!.clientHeight;
      canvas!.width = Math.round(width * dpr);
      canvas!.height = Math.round(height * dpr);
      ctx!.setTransform(dpr, 0, 0, dpr, 0, 0);
      stars = Array.from({ length: starCount }, () => ({
        x: Math.random() * width,
        y: Math.random() * height,
        r: Math.random() * 1.2 + 0.2,
        phase: Math.random() * Math.PI * 2,
        speed: Math.random() * 0.002 + 0.0005,
      }));
    }

    function draw(time: number) {
      ctx!.clearRect(0, 0, width, height);
      for (const s of stars) {
        ctx!.globalAlpha = 0.45 + 0.55 * Math.abs(Math.sin(s.phase + time * s.speed));
        ctx!.fillStyle = '#fff8e1';
        ctx!.beginPath();
        ctx!.arc(s.x, s.y, s.r, 0, Math.PI * 2);
        ctx!.fill();
      }
      ctx!.globalAlpha = 1;
      shooting = shooting.filter((m) => m.life > 0);
      for (const m of shooting) {
        const gradient = ctx!.createLinearGradient(m.x, m.y, m.x - m.vx * 12, m.y - m.vy * 12);
        gradient.addColorStop(0, 'rgba(255,248,225,0.95)');
        gradient.addColorStop(1, 'rgba(255,248,225,0)');
        ctx!.strokeStyle = gradient;
        ctx!.lineWidth = 2;
        ctx!.beginPath();
        ctx!.moveTo(m.x, m.y);
        ctx!.lineTo(m.x - m.vx * 12, m.y - m.vy * 12);
        ctx!.stroke();
        m.x += m.vx;
        m.y += m.vy;
        m.life -= 1;
      }
    }

    function loop(time: number) {
      if (shooting.length > 0 || time - lastDrawn >= twinkleFrameMs) {
        draw(time);
        lastDrawn = time;
      }
      frame = requestAnimationFrame(loop);
    }

    const running = () => onScreen && document.visibilityState === 'visible' && !reducedMotion.matches;

    function update() {
      const shouldRun = running();
      if (shouldRun && !frame) {
        frame = requestAnimationFrame(loop);
        spawnTimer = setInterval(() => {
          if (Math.random() < shootingStarChance) {
            shooting.push({
              x: Math.random() * width * 0.7,
              y: Math.random() * height * 0.4,
              vx: 7,
              vy: 3,
              life: 60,
            });
          }
        }, shootingStarIntervalMs);
      } else if (!shouldRun && frame) {
        cancelAnimationFrame(frame);
        frame = 0;
        clearInterval(spawnTimer);
      }
      if (!shouldRun) draw(0);
    }

    resize();
    const observer = new IntersectionObserver(([entry]) => {
      onScreen = entry?.isIntersecting ?? false;
      update();
    });
    observer.observe(canvas);
    const resizeObserver = new ResizeObserver(() => {
      resize();
      if (!frame) draw(0);
    });
    resizeObserver.observe(canvas);
    document.addEventListener('visibilitychange', update);
    reducedMotion.addEventListener('change', update);
    return () => {
      observer.disconnect();
      resizeObserver.disconnect();
      document.removeEventListener('visibilitychange', update);
      reducedMotion.removeEventListener('change', update);
      cancelAnimationFrame(frame);
      clearInterval(spawnTimer);
    };
  }, []);

  return (
    <canvas
      ref={canvasRef}
      aria-hidden="true"
      data-testid="starry-sky"
      className="absolute inset-0 h-full w-full"
    />
  );
}
