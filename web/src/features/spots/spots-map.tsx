import 'leaflet/dist/leaflet.css';
import './spots-map.css';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import Supercluster from 'supercluster';
import type { SpotSummary } from '#shared/schemas/spots';
import { Alert } from '../../components/ui/alert';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { centreOf } from '../../components/map/town-centre';
import { tiledMap } from '../../components/map/map-tiles';

/**
 * Leaflet makes markers focusable buttons, but only a pointer clicks them: Enter and Space do too here, as
 * on any button.
 */
function activate(this: L.Marker, event: L.LeafletKeyboardEvent) {
  const key = event.originalEvent.key;
  if (key !== 'Enter' && key !== ' ') return;
  event.originalEvent.preventDefault();
  this.fire('click');
}

/** Above this zoom a cluster opens into its places (a street's width at Slovenian latitudes). */
const CLUSTER_MAX_ZOOM = 16;

interface Props {
  spots: SpotSummary[];
  /** The town the places are near (a place of the pickers), and how far around it. */
  town: string;
  country: string;
  radiusKm: number;
  /** Opens a place's page (its marker's click or Enter). */
  onOpen: (id: string) => void;
}

/**
 * /mesta's map (issue 33): Leaflet with the tiles of MAP_TILE_URL (config.get), the search's circle, and the
 * places clustered by supercluster; a place's marker opens its page. Loaded only when the map is shown, so
 * no route grows. Markers are buttons to the keyboard (Leaflet's, Enter opens); the list stays the page's
 * full view of the same places, and says so when the tiles cannot load.
 */
export default function SpotsMap({ spots, town, country, radiusKm, onOpen }: Props) {
  const t = useT();
  const config = trpc.config.get.useQuery(undefined, { staleTime: Infinity });
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const tileUrl = config.data?.mapTileUrl;
  const centre = centreOf(town, country);
  // The latest of what the markers call, without rebuilding them.
  const open = useRef(onOpen);
  useEffect(() => {
    open.current = onOpen;
  }, [onOpen]);

  // The map once per tile address.
  useEffect(() => {
    if (!box.current || !tileUrl) return;
    const { map: created, tiles } = tiledMap(box.current, tileUrl);
    tiles.on('tileerror', () => setTilesFailed(true)).on('tileload', () => setTilesFailed(false));
    map.current = created;
    layer.current = L.layerGroup().addTo(created);
    return () => {
      created.remove();
      map.current = null;
      layer.current = null;
    };
  }, [tileUrl]);

  // The search's circle, and the view fitted to it: a new town or radius, not a filter, moves the map.
  const { lat, lon } = centre ?? {};
  useEffect(() => {
    const current = map.current;
    if (!current || lat === undefined || lon === undefined) return;
    current.fitBounds(L.latLng(lat, lon).toBounds(radiusKm * 2000), { animate: false });
    const circle = L.circle([lat, lon], {
      radius: radiusKm * 1000,
      interactive: false,
      className: 'spots-map-radius',
    }).addTo(current);
    return () => void circle.remove();
  }, [lat, lon, radiusKm, tileUrl]);

  // The places, clustered as the zoom asks (after the view above: a map shows its layers once it has one).
  useEffect(() => {
    const current = map.current;
    const group = layer.current;
    if (!current || !group) return;
    const index = new Supercluster<{ id: string; name: string }>({ radius: 48, maxZoom: CLUSTER_MAX_ZOOM });
    index.load(
      spots.map((spot) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [spot.lon, spot.lat] },
        properties: { id: spot.id, name: spot.name },
      })),
    );
    const draw = () => {
      group.clearLayers();
      const bounds = current.getBounds();
      const zoom = Math.round(current.getZoom());
      const west = bounds.getWest();
      const south = bounds.getSouth();
      const east = bounds.getEast();
      const north = bounds.getNorth();
      for (const feature of index.getClusters([west, south, east, north], zoom)) {
        const [lon, lat] = feature.geometry.coordinates as [number, number];
        const properties = feature.properties;
        if ('cluster' in properties && properties.cluster) {
          const count = properties.point_count;
          const label = t('spots.map.cluster', { count });
          L.marker([lat, lon], {
            title: label,
            alt: label,
            icon: L.divIcon({
              className: 'spots-map-cluster',
              html: `<span aria-hidden="true">${count}</span>`,
              iconSize: [40, 40],
            }),
          })
            .on('click', () =>
              current.setView(
                [lat, lon],
                Math.min(index.getClusterExpansionZoom(properties.cluster_id), CLUSTER_MAX_ZOOM + 1),
              ),
            )
            .on('keydown', activate)
            .addTo(group);
        } else {
          const { id, name } = properties as { id: string; name: string };
          L.marker([lat, lon], {
            title: name,
            alt: name,
            icon: L.divIcon({
              className: 'spots-map-pin',
              html: '<span></span>',
              iconSize: [28, 28],
              iconAnchor: [14, 32],
            }),
          })
            .on('click', () => open.current(id))
            .on('keydown', activate)
            .addTo(group);
        }
      }
    };
    draw();
    current.on('moveend', draw);
    return () => {
      current.off('moveend', draw);
      group.clearLayers();
    };
  }, [spots, t, tileUrl]);

  return (
    <div className="flex flex-col gap-3">
      <div
        ref={box}
        role="region"
        aria-label={t('spots.map.label')}
        className="isolate h-[60dvh] min-h-72 w-full overflow-hidden rounded-card border border-border bg-muted"
      />
      {tilesFailed && <Alert tone="info">{t('spots.map.tilesFailed')}</Alert>}
    </div>
  );
}
