// Distances drive block times and fare levels, as they roughly do for real short- and long-haul.
import type { Airport } from '../data/airports.data.js';

const earthRadiusKm = 6371;

export function greatCircleKm(a: Airport, b: Airport): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * earthRadiusKm * Math.asin(Math.sqrt(h)));
}

/** Block time: cruise at ~800 km/h plus 30 minutes of taxi, climb and approach, rounded to 5 minutes. */
export function blockMinutes(distanceKm: number): number {
  return Math.round(((distanceKm / 800) * 60) / 5) * 5 + 30;
}

/** IATA aircraft type codes: regional jets on short sectors, narrow-bodies in Europe, wide-bodies beyond. */
export function aircraftFor(distanceKm: number, pick: number): string {
  if (distanceKm < 700) return pick < 0.5 ? 'E90' : '223';
  if (distanceKm < 3500) return pick < 0.5 ? '320' : pick < 0.8 ? '32N' : '321';
  return pick < 0.5 ? '333' : '789';
}
