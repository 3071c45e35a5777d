import type { InstitutionType, Region } from '../../shared/constants.ts';

/** One of B.C.'s public post-secondary institutions, as seeded (public facts; the main campus decides the region). */
export interface InstitutionSeed {
  name: string;
  shortName: string;
  nameCode: string;
  institutionType: InstitutionType;
  region: Region;
}

/** The 25 B.C. public post-secondary institutions, in the order of the shared data file. */
export const INSTITUTIONS: readonly InstitutionSeed[] = [
  {
    name: 'University of British Columbia',
    shortName: 'UBC',
    nameCode: 'UBC',
    institutionType: 'Research-Intensive University',
    region: 'Mainland/Southwest',
  },
  {
    name: 'Simon Fraser University',
    shortName: 'SFU',
    nameCode: 'SFU',
    institutionType: 'Research-Intensive University',
    region: 'Mainland/Southwest',
  },
  {
    name: 'University of Victoria',
    shortName: 'UVic',
    nameCode: 'UVIC',
    institutionType: 'Research-Intensive University',
    region: 'Vancouver Island/Coast',
  },
  {
    name: 'University of Northern British Columbia',
    shortName: 'UNBC',
    nameCode: 'UNBC',
    institutionType: 'Research-Intensive University',
    region: 'Cariboo',
  },
  {
    name: 'Capilano University',
    shortName: 'CapU',
    nameCode: 'CAPU',
    institutionType: 'Teaching-Intensive University',
    region: 'Mainland/Southwest',
  },
  {
    name: 'Emily Carr University of Art + Design',
    shortName: 'ECUAD',
    nameCode: 'ECUAD',
    institutionType: 'Teaching-Intensive University',
    region: 'Mainland/Southwest',
  },
  {
    name: 'Kwantlen Polytechnic University',
    shortName: 'KPU',
    nameCode: 'KPU',
    institutionType: 'Teaching-Intensive University',
    region: 'Mainland/Southwest',
  },
  {
    name: 'Royal Roads University',
    shortName: 'RRU',
    nameCode: 'RRU',
    institutionType: 'Teaching-Intensive University',
    region: 'Vancouver Island/Coast',
  },
  {
    name: 'Thompson Rivers University',
    shortName: 'TRU',
    nameCode: 'TRU',
    institutionType: 'Teaching-Intensive University',
    region: 'Thompson-Okanagan',
  },
  {
    name: 'University of the Fraser Valley',
    shortName: 'UFV',
    nameCode: 'UFV',
    institutionType: 'Teaching-Intensive University',
    region: 'Mainland/Southwest',
  },
  {
    name: 'Vancouver Island University',
    shortName: 'VIU',
    nameCode: 'VIU',
    institutionType: 'Teaching-Intensive University',
    region: 'Vancouver Island/Coast',
  },
  {
    name: 'Camosun College',
    shortName: 'Camosun',
    nameCode: 'CAMO',
    institutionType: 'College',
    region: 'Vancouver Island/Coast',
  },
  { name: 'College of New Caledonia', shortName: 'CNC', nameCode: 'CNC', institutionType: 'College', region: 'Cariboo' },
  { name: 'College of the Rockies', shortName: 'COTR', nameCode: 'COTR', institutionType: 'College', region: 'Kootenay' },
  { name: 'Coast Mountain College', shortName: 'CMTN', nameCode: 'CMTN', institutionType: 'College', region: 'North Coast' },
  { name: 'Douglas College', shortName: 'Douglas', nameCode: 'DOUG', institutionType: 'College', region: 'Mainland/Southwest' },
  { name: 'Langara College', shortName: 'Langara', nameCode: 'LANG', institutionType: 'College', region: 'Mainland/Southwest' },
  {
    name: 'North Island College',
    shortName: 'NIC',
    nameCode: 'NIC',
    institutionType: 'College',
    region: 'Vancouver Island/Coast',
  },
  { name: 'Northern Lights College', shortName: 'NLC', nameCode: 'NLC', institutionType: 'College', region: 'Northeast' },
  { name: 'Okanagan College', shortName: 'OC', nameCode: 'OKAN', institutionType: 'College', region: 'Thompson-Okanagan' },
  { name: 'Selkirk College', shortName: 'Selkirk', nameCode: 'SELK', institutionType: 'College', region: 'Kootenay' },
  {
    name: 'Vancouver Community College',
    shortName: 'VCC',
    nameCode: 'VCC',
    institutionType: 'College',
    region: 'Mainland/Southwest',
  },
  {
    name: 'British Columbia Institute of Technology',
    shortName: 'BCIT',
    nameCode: 'BCIT',
    institutionType: 'Institute',
    region: 'Mainland/Southwest',
  },
  {
    name: 'Justice Institute of British Columbia',
    shortName: 'JIBC',
    nameCode: 'JIBC',
    institutionType: 'Institute',
    region: 'Mainland/Southwest',
  },
  {
    name: 'Nicola Valley Institute of Technology',
    shortName: 'NVIT',
    nameCode: 'NVIT',
    institutionType: 'Institute',
    region: 'Thompson-Okanagan',
  },
];
