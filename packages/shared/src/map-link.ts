/**
 * Where a plan's "Open in maps" goes. The plan's own map URL when it has one (the form's Map URL
 * field, which the server accepts only as an http or https address; checked again here, since a
 * link is only as safe as its scheme). Otherwise a Google Maps URL (the documented cross-platform
 * `maps/search/?api=1` form: the app on a phone, the site elsewhere, no key) that searches the
 * plan's coordinates, else its place text, with its place id when the form had one. Null for a
 * plan without a place.
 */
export interface PlanPlace {
  location: string | null;
  locationLat: number | null;
  locationLng: number | null;
  locationPlaceId: string | null;
  mapUrl: string | null;
}

const WEB_ADDRESS = /^https?:\/\/[^\s]+$/i;
const MAPS_SEARCH = "https://www.google.com/maps/search/?api=1";

export function mapLinkOf(place: PlanPlace): string | null {
  const own = place.mapUrl?.trim();
  if (own && WEB_ADDRESS.test(own)) return own;
  const { locationLat: lat, locationLng: lng } = place;
  const hasPoint = lat !== null && lng !== null && Number.isFinite(lat) && Number.isFinite(lng);
  const query = hasPoint ? `${lat},${lng}` : place.location?.trim();
  if (!query) return null;
  const placeId = place.locationPlaceId?.trim();
  const search = new URLSearchParams({ query, ...(placeId ? { query_place_id: placeId } : {}) });
  return `${MAPS_SEARCH}&${search.toString()}`;
}
