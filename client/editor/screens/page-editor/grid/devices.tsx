import { useLayoutEffect, useRef } from 'react';
import { Button } from '../../../ui/button.js';
import type { GridTarget } from './grid-ops.js';
import './grid.css';

/**
 * The preview's frames: desktop 1024 and phone 428 px (SPEC §9 default frame widths), tablet
 * 768 px. The theme's phone rules apply up to 432 px (SPEC §9 breakpoint), so the phone frame
 * shows `layout.mobile` and the tablet frame the desktop grid.
 */
export const DEVICES = [
  { id: 'desktop', label: 'Desktop', width: 1024, target: 'desktop' },
  { id: 'tablet', label: 'Tablet', width: 768, target: 'desktop' },
  { id: 'phone', label: 'Phone', width: 428, target: 'mobile' },
] as const satisfies readonly { id: string; label: string; width: number; target: GridTarget }[];

export type Device = (typeof DEVICES)[number]['id'];

export const deviceOf = (id: Device) => DEVICES.find((d) => d.id === id)!;

/** The toolbar's device buttons (a group of toggle buttons). */
export function DeviceSwitch({ device, onChange }: { device: Device; onChange: (d: Device) => void }) {
  return (
    <div className="pe-device" role="group" aria-label="Device">
      {DEVICES.map((d) => (
        <Button key={d.id} variant="secondary" aria-pressed={device === d.id} title={`${d.label}: ${d.width} px`} onClick={() => onChange(d.id)}>
          {d.label}
        </Button>
      ))}
    </div>
  );
}

/**
 * Placed inside the preview pane (`.pe-preview`): gives the frame the device's width and,
 * when the pane is narrower, scales it down to fit (`--pe-frame-width`, `--pe-frame-scale`
 * on the pane, read by grid.css). The frame's own viewport keeps the device's width, so the
 * worker's page lays out exactly as on that device.
 */
export function FrameFit({ device }: { device: Device }) {
  const ref = useRef<HTMLSpanElement>(null);
  const { width } = deviceOf(device);
  useLayoutEffect(() => {
    const pane = ref.current?.parentElement;
    if (!pane) return;
    const fit = () => {
      const style = getComputedStyle(pane);
      const room = pane.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 2;
      const scale = room > 0 ? Math.min(1, room / (width + 2)) : 1;
      pane.style.setProperty('--pe-frame-width', `${width}px`);
      pane.style.setProperty('--pe-frame-scale', scale.toFixed(4));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(pane);
    return () => observer.disconnect();
  }, [width]);
  return <span ref={ref} hidden data-frame-width={width} />;
}
