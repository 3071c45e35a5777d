import type { Credential, Discipline, WilType } from '../../shared/constants.ts';
import type { CatalogueFamily } from './institution-profiles.ts';

/** A typical program an institution of a family offers; the seed picks some and names them by WIL type. */
export interface ProgramTemplate {
  stem: string;
  discipline: Discipline;
  /** Statistics Canada CIP 2021 code. */
  cip: string;
  credential: Credential;
  /** Set where the field decides the kind of WIL (nursing is professional practice, trades are apprenticeships). */
  wil?: WilType;
  /** Relative enrolment: popular fields (business, computing) run larger programs. */
  popularity: number;
}

function t(
  stem: string,
  discipline: Discipline,
  cip: string,
  credential: Credential,
  popularity: number,
  wil?: WilType,
): ProgramTemplate {
  return wil ? { stem, discipline, cip, credential, popularity, wil } : { stem, discipline, cip, credential, popularity };
}

const BIZ: Discipline = 'Business & Management';
const CS: Discipline = 'Computer & Information Science';
const ENG: Discipline = 'Engineering & Applied Science';
const SCI: Discipline = 'Physical & Life Sciences';
const HLTH: Discipline = 'Health';
const SOC: Discipline = 'Social Sciences';
const HUM: Discipline = 'Humanities';
const EDU: Discipline = 'Education';
const ART: Discipline = 'Fine & Applied Arts';
const TRD: Discipline = 'Trades & Technology';
const TOUR: Discipline = 'Tourism & Hospitality';
const AGR: Discipline = 'Agriculture & Natural Resources';
const OTH: Discipline = 'Other';

const BA = "Bachelor's Degree";
const MA = "Master's Degree";
const DIP = 'Diploma';
const CERT = 'Certificate';
const ASSOC = 'Associate Degree';

const MPP: WilType = 'Mandatory Professional Practice';
const FIELD: WilType = 'Field Placement';
const APPR: WilType = 'Apprenticeship';
const INTERN: WilType = 'Internship';
const WORK: WilType = 'Work Experience';
const ENTRE: WilType = 'Entrepreneurship';

/** Typical programs by family; a family lists at least as many as its largest institution needs. */
export const CATALOGUE: Record<CatalogueFamily, readonly ProgramTemplate[]> = {
  research: [
    t('Computer Science', CS, '11.0701', BA, 1.6),
    t('Software Engineering', ENG, '14.0903', BA, 1.0),
    t('Mechanical Engineering', ENG, '14.1901', BA, 1.2),
    t('Electrical Engineering', ENG, '14.1001', BA, 1.1),
    t('Civil Engineering', ENG, '14.0801', BA, 1.0),
    t('Chemical and Biological Engineering', ENG, '14.0701', BA, 0.7),
    t('Commerce', BIZ, '52.0201', BA, 1.6),
    t('Accounting', BIZ, '52.0301', BA, 0.8),
    t('Economics', SOC, '45.0601', BA, 0.8),
    t('Biology', SCI, '26.0101', BA, 1.0),
    t('Chemistry', SCI, '40.0501', BA, 0.6),
    t('Physics and Astronomy', SCI, '40.0801', BA, 0.5),
    t('Earth and Ocean Sciences', SCI, '40.0601', BA, 0.4),
    t('Mathematics and Statistics', SCI, '27.0101', BA, 0.6),
    t('Kinesiology', HLTH, '31.0505', BA, 0.8),
    t('Nursing', HLTH, '51.3801', BA, 1.0, MPP),
    t('Health Information Science', HLTH, '51.0706', BA, 0.5),
    t('Psychology', SOC, '42.0101', BA, 0.9),
    t('Geography', SOC, '45.0701', BA, 0.5),
    t('Political Science', SOC, '45.1001', BA, 0.5),
    t('Criminology', SOC, '45.0401', BA, 0.6),
    t('Social Work', SOC, '44.0701', BA, 0.6, FIELD),
    t('English', HUM, '23.0101', BA, 0.4),
    t('History', HUM, '54.0101', BA, 0.4),
    t('Teacher Education', EDU, '13.1202', BA, 1.0, FIELD),
    t('Forestry', AGR, '03.0501', BA, 0.6),
    t('Environmental Studies', AGR, '03.0103', BA, 0.5),
    t('Visual Arts', ART, '50.0702', BA, 0.3),
    t('Interactive Arts and Technology', ART, '50.0102', BA, 0.5),
    t('MBA', BIZ, '52.0201', MA, 0.5),
    t('Master of Engineering', ENG, '14.0101', MA, 0.4),
    t('Master of Data Science', CS, '30.7001', MA, 0.4),
    t('Master of Public Policy', SOC, '44.0501', MA, 0.3),
  ],
  teaching: [
    t('Business Administration', BIZ, '52.0201', BA, 1.6),
    t('Accounting', BIZ, '52.0301', DIP, 0.8),
    t('Marketing', BIZ, '52.1401', BA, 0.7),
    t('Computing Science', CS, '11.0701', BA, 1.2),
    t('Information Technology', CS, '11.0103', DIP, 0.8),
    t('Engineering Technology', ENG, '15.0000', DIP, 0.6),
    t('Biology', SCI, '26.0101', BA, 0.8),
    t('Chemistry', SCI, '40.0501', BA, 0.4),
    t('Nursing', HLTH, '51.3801', BA, 1.2, MPP),
    t('Health Care Assistant', HLTH, '51.3902', CERT, 0.7, FIELD),
    t('Psychology', SOC, '42.0101', BA, 0.8),
    t('Criminology', SOC, '45.0401', BA, 0.8),
    t('Child and Youth Care', SOC, '44.0702', BA, 0.6, FIELD),
    t('Social Work', SOC, '44.0701', BA, 0.5, FIELD),
    t('Communication Studies', HUM, '09.0101', BA, 0.5),
    t('English', HUM, '23.0101', BA, 0.4),
    t('Early Childhood Care and Education', EDU, '13.1210', DIP, 0.7, FIELD),
    t('Education Assistant', EDU, '13.1501', CERT, 0.5, FIELD),
    t('Design', ART, '50.0401', BA, 0.5),
    t('Motion Picture Arts', ART, '50.0602', BA, 0.5),
    t('Tourism Management', TOUR, '52.0903', BA, 0.8),
    t('Culinary Arts', TOUR, '12.0503', DIP, 0.6),
    t('Horticulture', AGR, '01.0601', DIP, 0.4),
    t('Natural Resource Science', AGR, '03.0101', BA, 0.5),
    t('Electrical', TRD, '46.0302', CERT, 0.6, APPR),
    t('Automotive Service Technician', TRD, '47.0604', CERT, 0.5, APPR),
  ],
  college: [
    t('Business Administration', BIZ, '52.0201', DIP, 1.4),
    t('Accounting', BIZ, '52.0301', DIP, 0.8),
    t('Office Administration', BIZ, '52.0401', CERT, 0.6),
    t('Computer Information Systems', CS, '11.0401', DIP, 0.9),
    t('Web Development', CS, '11.0801', CERT, 0.6),
    t('Civil Engineering Technology', ENG, '15.0201', DIP, 0.6),
    t('Electronics and Computer Engineering Technology', ENG, '15.0303', DIP, 0.5),
    t('Environmental Technology', AGR, '15.0507', DIP, 0.5),
    t('Practical Nursing', HLTH, '51.3901', DIP, 1.0, MPP),
    t('Health Care Assistant', HLTH, '51.3902', CERT, 0.9, FIELD),
    t('Medical Laboratory Assistant', HLTH, '51.0802', CERT, 0.4, FIELD),
    t('Dental Assisting', HLTH, '51.0601', CERT, 0.4, MPP),
    t('Fitness and Exercise Studies', HLTH, '31.0507', DIP, 0.4),
    t('Community Social Service Worker', SOC, '44.0000', DIP, 0.6, FIELD),
    t('Criminology', SOC, '45.0401', DIP, 0.5),
    t('Early Childhood Care and Education', EDU, '13.1210', DIP, 0.8, FIELD),
    t('Education Assistant', EDU, '13.1501', CERT, 0.6, FIELD),
    t('Associate of Arts', HUM, '24.0101', ASSOC, 0.6),
    t('Associate of Science', SCI, '30.0101', ASSOC, 0.5),
    t('Graphic Design', ART, '50.0409', DIP, 0.5),
    t('Digital Media Arts', ART, '10.0304', DIP, 0.4),
    t('Hospitality Management', TOUR, '52.0901', DIP, 0.7),
    t('Culinary Arts', TOUR, '12.0503', CERT, 0.6),
    t('Adventure Tourism', TOUR, '31.0301', DIP, 0.4),
    t('Forest Technology', AGR, '03.0511', DIP, 0.4),
    t('Electrical', TRD, '46.0302', CERT, 0.8, APPR),
    t('Carpentry', TRD, '46.0201', CERT, 0.7, APPR),
    t('Welding', TRD, '48.0508', CERT, 0.6, APPR),
    t('Heavy Mechanical Trades', TRD, '47.0302', CERT, 0.5, APPR),
  ],
  technical: [
    t('Computer Systems Technology', CS, '11.0101', DIP, 1.5),
    t('Computer Information Technology', CS, '11.0901', DIP, 0.6),
    t('Mechanical Engineering Technology', ENG, '15.0805', DIP, 1.0),
    t('Electrical Engineering Technology', ENG, '15.0303', DIP, 0.9),
    t('Civil Engineering', ENG, '14.0801', BA, 0.7),
    t('Architectural and Building Technology', ENG, '15.0101', DIP, 0.7),
    t('Geomatics Engineering Technology', ENG, '15.1102', DIP, 0.3),
    t('Construction Management', TRD, '52.2001', BA, 0.5),
    t('Business Management', BIZ, '52.0201', DIP, 1.2),
    t('Accounting', BIZ, '52.0301', DIP, 0.8),
    t('Marketing Management', BIZ, '52.1401', DIP, 0.8),
    t('Financial Management', BIZ, '52.0801', DIP, 0.6),
    t('Nursing', HLTH, '51.3801', BA, 1.0, MPP),
    t('Medical Laboratory Science', HLTH, '51.1005', DIP, 0.5, MPP),
    t('Biotechnology', SCI, '26.1201', BA, 0.4),
    t('Broadcast and Online Media', ART, '10.0202', DIP, 0.5),
    t('Electrical', TRD, '46.0302', CERT, 1.0, APPR),
    t('Automotive Service Technician', TRD, '47.0604', CERT, 0.7, APPR),
    t('Aircraft Maintenance Engineering', TRD, '47.0607', DIP, 0.4, WORK),
    t('Forest and Natural Areas Management', AGR, '03.0501', DIP, 0.4),
  ],
  art: [
    t('Visual Arts', ART, '50.0702', BA, 1.2),
    t('Communication Design', ART, '50.0401', BA, 1.0),
    t('Industrial Design', ART, '50.0404', BA, 0.8),
    t('Interaction Design', ART, '50.0401', BA, 0.7),
    t('Film and Screen Arts', ART, '50.0602', BA, 0.9),
    t('Animation', ART, '10.0304', BA, 0.8),
    t('Photography', ART, '50.0605', BA, 0.5),
    t('Master of Design', ART, '50.0401', MA, 0.3),
  ],
  justice: [
    t('Primary Care Paramedic', HLTH, '51.0904', CERT, 1.2, MPP),
    t('Law Enforcement Studies', OTH, '43.0107', DIP, 1.0, FIELD),
    t('Fire Fighting', OTH, '43.0203', CERT, 0.8, FIELD),
    t('Emergency and Security Management', OTH, '43.0302', BA, 0.6, INTERN),
    t('Public Safety Communications', OTH, '43.9999', CERT, 0.4, WORK),
    t('Community and Social Justice', SOC, '44.0701', CERT, 0.4, FIELD),
    t('Corrections', OTH, '43.0102', CERT, 0.4, WORK),
  ],
  indigenous: [
    t('Social Work', SOC, '44.0701', BA, 1.0, FIELD),
    t('Natural Resource Technology', AGR, '03.0101', DIP, 1.0),
    t('Practical Nursing', HLTH, '51.3901', DIP, 0.8, MPP),
    t('Mental Health and Addictions', HLTH, '51.1501', CERT, 0.6, FIELD),
    t('Indigenous Studies', HUM, '05.0202', ASSOC, 0.6),
    t('Administrative Studies', BIZ, '52.0401', CERT, 0.6),
    t('Early Childhood Education', EDU, '13.1210', CERT, 0.5, FIELD),
    t('Law Enforcement Preparation', OTH, '43.0107', CERT, 0.4),
  ],
  graduate: [
    t('MBA', BIZ, '52.0201', MA, 1.2),
    t('Leadership', BIZ, '52.0213', MA, 1.0),
    t('Professional Communication', HUM, '09.0100', MA, 0.6),
    t('Environment and Management', AGR, '03.0201', MA, 0.6),
    t('Tourism Management', TOUR, '52.0903', MA, 0.4),
    t('Entrepreneurial Management', BIZ, '52.0701', BA, 0.8, ENTRE),
    t('Justice Studies', SOC, '43.0104', BA, 0.5),
    t('Disaster and Emergency Management', OTH, '43.0302', MA, 0.4),
    t('Environmental Science', SCI, '03.0104', BA, 0.5),
  ],
};

/** How often each WIL type is chosen for a template without a fixed one, by family. */
export const WIL_MIX: Record<CatalogueFamily, readonly (readonly [WilType, number])[]> = {
  research: [
    ['Co-operative Education', 90],
    ['Internship', 7],
    ['Applied Research Project', 5],
    ['Service Learning', 3],
  ],
  teaching: [
    ['Co-operative Education', 70],
    ['Internship', 12],
    ['Field Placement', 8],
    ['Work Experience', 8],
    ['Applied Research Project', 6],
    ['Service Learning', 6],
  ],
  college: [
    ['Co-operative Education', 45],
    ['Work Experience', 25],
    ['Field Placement', 22],
    ['Internship', 13],
    ['Service Learning', 5],
    ['Entrepreneurship', 5],
  ],
  technical: [
    ['Co-operative Education', 55],
    ['Work Experience', 20],
    ['Internship', 20],
    ['Applied Research Project', 12],
    ['Entrepreneurship', 8],
  ],
  art: [
    ['Internship', 35],
    ['Co-operative Education', 20],
    ['Work Experience', 15],
    ['Service Learning', 15],
    ['Entrepreneurship', 15],
  ],
  justice: [
    ['Field Placement', 50],
    ['Work Experience', 50],
  ],
  indigenous: [
    ['Work Experience', 40],
    ['Service Learning', 30],
    ['Internship', 30],
  ],
  graduate: [
    ['Applied Research Project', 45],
    ['Internship', 40],
    ['Co-operative Education', 15],
  ],
};

/** The words added to a template's stem to name the program, by WIL type. */
export const WIL_NAME_SUFFIX: Record<WilType, string> = {
  'Co-operative Education': 'Co-op',
  Apprenticeship: 'Apprenticeship',
  Internship: 'Internship',
  'Applied Research Project': 'Applied Research Project',
  Entrepreneurship: 'Venture Placement',
  'Field Placement': 'Practicum',
  'Mandatory Professional Practice': 'Professional Practice',
  'Service Learning': 'Community Service Learning',
  'Work Experience': 'Work Experience',
};
