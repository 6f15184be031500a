import 'leaflet/dist/leaflet.css';
import type L from 'leaflet';
import { MapPin } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { tiledMap } from './map-tiles';
import type { Point } from './town-centre';

/** Close enough to find a gate or a door: the map's zoom when a town is chosen. */
const PICK_ZOOM = 15;

/**
 * A point (where a new place is, where a dog was last seen): the one under the pin in the middle of the map.
 * One moves the map under it, by pointer, touch or keyboard (Leaflet's: arrows move, + and − zoom), so no one
 * needs to drag a small marker. A new `town` centres the map on it.
 */
export function PointPicker({
  town,
  value,
  onChange,
  label,
  describedBy,
}: {
  /** The chosen town's centre, or null before one is chosen. */
  town: Point | null;
  value: Point | null;
  onChange: (point: Point) => void;
  label: string;
  describedBy?: string | undefined;
}) {
  const t = useT();
  const intl = useIntl();
  const config = trpc.config.get.useQuery(undefined, { staleTime: Infinity });
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);
  const tileUrl = config.data?.mapTileUrl;

  useEffect(() => {
    if (!box.current || !tileUrl) return;
    const { map: created } = tiledMap(box.current, tileUrl);
    created.on('moveend', () => {
      const centre = created.getCenter();
      changed.current({ lat: centre.lat, lon: centre.lng });
    });
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
    };
  }, [tileUrl]);

  // A new town: the map goes there (the pin with it).
  const townLat = town?.lat;
  const townLon = town?.lon;
  useEffect(() => {
    if (townLat !== undefined && townLon !== undefined)
      map.current?.setView([townLat, townLon], PICK_ZOOM, { animate: false });
  }, [townLat, townLon, tileUrl]);

  const degrees = (value: number) => intl.formatNumber(value, { maximumFractionDigits: 5 });
  return (
    <div className="flex flex-col gap-1.5">
      <div className="relative">
        <div
          ref={box}
          role="region"
          aria-label={label}
          aria-describedby={describedBy}
          className="isolate h-64 w-full overflow-hidden rounded-card border border-input bg-muted"
        />
        {/* The pin marks the map's centre: its tip is the point. */}
        <MapPin
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-1/2 z-[500] size-9 -translate-x-1/2 -translate-y-full fill-primary text-surface drop-shadow"
        />
      </div>
      <p className="text-caption text-muted-foreground" aria-live="polite">
        {value ? t('spots.form.pointAt', { lat: degrees(value.lat), lon: degrees(value.lon) }) : null}
      </p>
    </div>
  );
}
