import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { tiledMap } from '../../components/map/map-tiles';
import { trpc } from '../../lib/trpc';

interface Point {
  lat: number;
  lon: number;
}

/** A marker drawn in CSS (no images to load): the last-seen area, or a sighting's number. */
const icon = (html: string, className: string) =>
  L.divIcon({
    className: '',
    html: `<span aria-hidden="true" class="${className}">${html}</span>`,
    iconSize: [28, 28],
  });

const MARKER =
  'flex size-7 items-center justify-center rounded-pill border-2 border-surface text-caption font-bold shadow-card';

/**
 * An alert's sightings on a map (issue 33 §6): where the dog was last seen, then each sighting numbered and
 * joined in time order, so the way it went shows. Loaded only when there is a sighting to show; the markers
 * are pictures only (not focusable): the numbered list beside it says the same to everyone.
 */
export default function SightingsMap({
  origin,
  sightings,
  label,
}: {
  origin: Point;
  sightings: Point[];
  label: string;
}) {
  const config = trpc.config.get.useQuery(undefined, { staleTime: Infinity });
  const box = useRef<HTMLDivElement>(null);
  const tileUrl = config.data?.mapTileUrl;

  useEffect(() => {
    if (!box.current || !tileUrl) return;
    const { map } = tiledMap(box.current, tileUrl);
    const path = [origin, ...sightings].map(({ lat, lon }) => L.latLng(lat, lon));
    // The app's colour through a class: an SVG attribute takes no CSS variable.
    L.polyline(path, { className: 'stroke-primary', weight: 3, dashArray: '6 6', interactive: false }).addTo(
      map,
    );
    const still = { interactive: false, keyboard: false };
    L.marker(path[0]!, { ...still, icon: icon('!', `${MARKER} bg-danger text-surface`) }).addTo(map);
    path.slice(1).forEach((at, index) =>
      L.marker(at, {
        ...still,
        icon: icon(String(index + 1), `${MARKER} bg-primary text-primary-foreground`),
      }).addTo(map),
    );
    map.fitBounds(L.latLngBounds(path).pad(0.2), { maxZoom: 15, animate: false });
    return () => void map.remove();
  }, [tileUrl, origin, sightings]);

  return (
    <div
      ref={box}
      role="region"
      aria-label={label}
      className="isolate h-56 w-full overflow-hidden rounded-card border border-border bg-muted md:h-64"
    />
  );
}
