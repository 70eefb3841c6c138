/** SPEC.md part 9: 750 stars; every 2 s a shooting star appears with a 30% chance. */
export const starCount = 750;
export const shootingStarIntervalMs = 2000;
export const shootingStarChance = 0.3;

/**
 * Twinkling is slow (one cycle takes seconds), so each tick repaints only a slice of the stars: every
 * star is refreshed twice a second, which looks the same as refreshing all of them on every frame at a
 * small fraction of the work on a phone. A shooting star, while one crosses, is drawn on every frame.
 */
const twinkleTickMs = 100;
const slices = 5;

interface Star {
  x: number;
  y: number;
  r: number;
  phase: number;
  speed: number;
}

interface Meteor {
  x: number;
  y: number;
  vx: number;
  vy: number;
  life: number;
}

export interface Sky {
  start(): void;
  stop(): void;
}

/** Sizes a canvas's backing store to its box (at most 2 device pixels per CSS pixel). */
function fit(
  canvas: HTMLCanvasElement,
): { ctx: CanvasRenderingContext2D; width: number; height: number } | null {
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const dpr = Math.min(window.devicePixelRatio || 1, 2);
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(height * dpr);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  return { ctx, width, height };
}

/**
 * Stars on a jittered grid: spread evenly, and no two close enough to touch, so a star can be repainted
 * by clearing its own small box without nicking a neighbour.
 */
function scatterStars(width: number, height: number): Star[] {
  const cols = Math.max(1, Math.round(Math.sqrt((starCount * width) / Math.max(height, 1))));
  const rows = Math.ceil(starCount / cols);
  const cellW = width / cols;
  const cellH = height / rows;
  // A random choice of cells (the grid has a few more cells than stars), so no row is left short.
  const cells = Array.from({ length: cols * rows }, (_, i) => i);
  for (let i = 0; i < starCount; i += 1) {
    const j = i + Math.floor(Math.random() * (cells.length - i));
    [cells[i], cells[j]] = [cells[j]!, cells[i]!];
  }
  return cells.slice(0, starCount).map((cell) => {
    const r = Math.random() * 1.2 + 0.2;
    const margin = Math.min(r + 1, cellW / 2, cellH / 2);
    return {
      x: (cell % cols) * cellW + margin + Math.random() * Math.max(cellW - 2 * margin, 0),
      y: Math.floor(cell / cols) * cellH + margin + Math.random() * Math.max(cellH - 2 * margin, 0),
      r,
      phase: Math.random() * Math.PI * 2,
      speed: Math.random() * 0.002 + 0.0005,
    };
  });
}

function paintStar(ctx: CanvasRenderingContext2D, star: Star, time: number, clearFirst: boolean) {
  const box = star.r + 1;
  if (clearFirst) ctx.clearRect(star.x - box, star.y - box, box * 2, box * 2);
  ctx.globalAlpha = 0.45 + 0.55 * Math.abs(Math.sin(star.phase + time * star.speed));
  ctx.beginPath();
  ctx.arc(star.x, star.y, star.r, 0, Math.PI * 2);
  ctx.fill();
}

function paintMeteors(ctx: CanvasRenderingContext2D, meteors: Meteor[], width: number, height: number) {
  ctx.clearRect(0, 0, width, height);
  for (const m of meteors) {
    const gradient = ctx.createLinearGradient(m.x, m.y, m.x - m.vx * 12, m.y - m.vy * 12);
    gradient.addColorStop(0, 'rgba(255,248,225,0.95)');
    gradient.addColorStop(1, 'rgba(255,248,225,0)');
    ctx.strokeStyle = gradient;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(m.x, m.y);
    ctx.lineTo(m.x - m.vx * 12, m.y - m.vy * 12);
    ctx.stroke();
    m.x += m.vx;
    m.y += m.vy;
    m.life -= 1;
  }
}

/**
 * Paints a still sky at once on the stars canvas; start() makes it twinkle and sends shooting stars
 * across the meteors canvas laid over it, stop() freezes it where it is.
 */
export function createSky(starsCanvas: HTMLCanvasElement, meteorsCanvas: HTMLCanvasElement): Sky {
  const stars = fit(starsCanvas);
  const overlay = fit(meteorsCanvas);
  if (!stars || !overlay) return { start() {}, stop() {} };
  const { ctx, width, height } = stars;
  const field = scatterStars(width, height);
  ctx.fillStyle = '#fff8e1';
  const now = performance.now();
  for (const star of field) paintStar(ctx, star, now, false);

  let meteors: Meteor[] = [];
  let slice = 0;
  let lastTick = -Infinity;
  let frame = 0;
  let tickTimer: ReturnType<typeof setTimeout> | undefined;
  let spawnTimer: ReturnType<typeof setInterval> | undefined;

  function frameStep(time: number) {
    frame = 0;
    if (time - lastTick >= twinkleTickMs) {
      lastTick = time;
      for (let i = slice; i < field.length; i += slices) paintStar(ctx, field[i]!, time, true);
      slice = (slice + 1) % slices;
    }
    if (meteors.length > 0) {
      meteors = meteors.filter((m) => m.life > 0);
      paintMeteors(overlay!.ctx, meteors, overlay!.width, overlay!.height);
    }
    // Every frame only while a shooting star crosses; otherwise wake up for the next twinkle tick.
    if (meteors.length > 0) frame = requestAnimationFrame(frameStep);
    else tickTimer = setTimeout(() => (frame = requestAnimationFrame(frameStep)), twinkleTickMs);
  }

  function stopLoop() {
    cancelAnimationFrame(frame);
    clearTimeout(tickTimer);
    frame = 0;
    tickTimer = undefined;
  }

  return {
    start() {
      if (spawnTimer !== undefined) return;
      frame = requestAnimationFrame(frameStep);
      spawnTimer = setInterval(() => {
        if (Math.random() >= shootingStarChance) return;
        meteors.push({
          x: Math.random() * width * 0.7,
          y: Math.random() * height * 0.4,
          vx: 7,
          vy: 3,
          life: 60,
        });
        // Straight to frame-by-frame drawing, rather than waiting for the next twinkle tick.
        stopLoop();
        frame = requestAnimationFrame(frameStep);
      }, shootingStarIntervalMs);
    },
    stop() {
      stopLoop();
      clearInterval(spawnTimer);
      spawnTimer = undefined;
    },
  };
}
