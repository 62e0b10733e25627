// The five fixed press entries (product spec §3, Press articles): link, image, name.
import aviationWeek from '../assets/press-aviation-week.svg';
import phocusWire from '../assets/press-phocuswire.svg';
import simpleFlying from '../assets/press-simple-flying.svg';
import skift from '../assets/press-skift.svg';
import ttg from '../assets/press-ttg.svg';

export interface PressArticle {
  link: string;
  image: string;
  name: string;
}

export const pressArticles: readonly PressArticle[] = [
  { link: 'https://skift.com/', image: skift, name: 'Skift' },
  { link: 'https://www.phocuswire.com/', image: phocusWire, name: 'PhocusWire' },
  { link: 'https://simpleflying.com/', image: simpleFlying, name: 'Simple Flying' },
  { link: 'https://aviationweek.com/', image: aviationWeek, name: 'Aviation Week' },
  { link: 'https://www.ttgmedia.com/', image: ttg, name: 'TTG' },
];
