export { navigate, normalisePath } from './history';
export { isInAppPath, linkProps, type InAppLinkProps } from './link-props';
export { usePathname } from './use-pathname';
export { useQueryParam } from './use-query-param';
