// Makes the layout's background video (document 2 §2: "A background video") and its poster:
// soft light drifting over the page colour, drawn on a canvas in Debian's Chromium and recorded
// with MediaRecorder as VP9 WebM. The files are static assets of the web app (apps/web/public/
// media), committed; run this again only to change them:
//   node scripts/make-background-video.mjs
/* global document, MediaRecorder, Blob -- the recording runs inside the browser page */
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const OUT = join(import.meta.dirname, '..', 'apps', 'web', 'public', 'media');
const WIDTH = 640;
const HEIGHT = 360;
const FPS = 12;
const LOOP_SECONDS = 8;
const BITS_PER_SECOND = 90_000;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--autoplay-policy=no-user-gesture-required',
  ],
});
const page = await browser.newPage();
const result = await page.evaluate(
  async ({ width, height, fps, seconds, bits }) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    document.body.append(canvas);
    const context = canvas.getContext('2d');
    // Each light goes once round its own ellipse per loop: the last frame meets the first.
    const lights = [
      { x: 0.25, y: 0.3, rx: 0.12, ry: 0.1, r: 0.55, color: [120, 170, 255], phase: 0 },
      { x: 0.75, y: 0.6, rx: 0.1, ry: 0.14, r: 0.6, color: [110, 210, 200], phase: 2.1 },
      { x: 0.5, y: 0.85, rx: 0.16, ry: 0.06, r: 0.5, color: [190, 170, 255], phase: 4.2 },
    ];
    function draw(t) {
      context.fillStyle = '#f4f7fb';
      context.fillRect(0, 0, width, height);
      for (const light of lights) {
        const angle = 2 * Math.PI * t + light.phase;
        const cx = (light.x + light.rx * Math.cos(angle)) * width;
        const cy = (light.y + light.ry * Math.sin(angle)) * height;
        const radius = light.r * width;
        const gradient = context.createRadialGradient(cx, cy, 0, cx, cy, radius);
        const [red, green, blue] = light.color;
        gradient.addColorStop(0, `rgba(${red}, ${green}, ${blue}, 0.35)`);
        gradient.addColorStop(1, `rgba(${red}, ${green}, ${blue}, 0)`);
        context.fillStyle = gradient;
        context.fillRect(0, 0, width, height);
      }
    }
    draw(0);
    const poster = canvas.toDataURL('image/jpeg', 0.7);
    const stream = canvas.captureStream(0);
    const track = stream.getVideoTracks()[0];
    const recorder = new MediaRecorder(stream, {
      mimeType: 'video/webm;codecs=vp9',
      videoBitsPerSecond: bits,
    });
    const chunks = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    const frames = fps * seconds;
    for (let frame = 0; frame < frames; frame += 1) {
      draw(frame / frames);
      track.requestFrame();
      await new Promise((resolve) => setTimeout(resolve, 1000 / fps));
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    return { poster, video: Array.from(bytes) };
  },
  { width: WIDTH, height: HEIGHT, fps: FPS, seconds: LOOP_SECONDS, bits: BITS_PER_SECOND },
);
await browser.close();

writeFileSync(join(OUT, 'background.webm'), Buffer.from(result.video));
writeFileSync(
  join(OUT, 'background-poster.jpg'),
  Buffer.from(result.poster.replace(/^data:image\/jpeg;base64,/, ''), 'base64'),
);
console.log(`background.webm: ${result.video.length} bytes`);
