import L from 'leaflet';

/** OpenStreetMap's data is under the ODbL: every map of it names it, whoever draws the tiles. */
const ATTRIBUTION = '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/** A map of Leaflet's with the tiles of MAP_TILE_URL (config.get) and OpenStreetMap's attribution. */
export function tiledMap(box: HTMLElement, tileUrl: string): { map: L.Map; tiles: L.TileLayer } {
  const map = L.map(box, { zoomControl: true, attributionControl: true });
  map.attributionControl.setPrefix(false);
  const tiles = L.tileLayer(tileUrl, { attribution: ATTRIBUTION, maxZoom: 19, subdomains: 'abc' }).addTo(map);
  return { map, tiles };
}
