/*
 * Demo books, courses and their assessments. Questions are written as
 *   mcq(question, correct, [wrong, wrong, wrong], explanation, correctPosition?)
 *   tf(question, true|false, explanation)
 * and turned into the AssessmentData shape of worker/contract/course.ts by ./index.mjs.
 */

export function mcq(question, correct, wrong, explanation, correctPosition) {
  // Without an explicit position, derive one from the text: varied, but the same on every seed.
  const position = correctPosition ?? [...question].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % (wrong.length + 1);
  return { type: 'MCQ', question, correct, wrong, explanation, correctPosition: position };
}

export function tf(question, answer, explanation) {
  return { type: 'TRUE_FALSE', question, answer, explanation };
}

export const BOOKS = [
  {
    key: 'fire',
    name: 'Fire Safety',
    description: 'Fire prevention, emergency evacuation and the safe use of portable fire extinguishers.',
  },
  {
    key: 'hazcom',
    name: 'Hazard Communication',
    description: 'GHS labels and pictograms, Safety Data Sheets and safe handling of hazardous chemicals.',
  },
  {
    key: 'heights',
    name: 'Working at Heights',
    description: 'Portable ladders, guardrails, scaffolds and personal fall arrest systems.',
  },
  {
    key: 'electrical',
    name: 'Electrical Safety',
    description: 'Control of hazardous energy (lockout/tagout) and safe work on or near electrical equipment.',
  },
  {
    key: 'health',
    name: 'Occupational Health',
    description:
      'Bloodborne pathogens and other health hazards at work: online pre-work and hands-on classroom sessions.',
  },
  {
    key: 'handling',
    name: 'Material Handling',
    description:
      'Powered industrial trucks (forklifts): formal instruction here, the practical evaluation on the floor.',
  },
];

/*
 * materials: keys of HANDOUTS (PDF) or 'passVideo'. publishedDaysAgo null = DRAFT.
 */
export const COURSES = [
  {
    key: 'pass',
    book: 'fire',
    title: 'Fire Extinguisher Use: The PASS Technique',
    description:
      'Learn to recognise the five classes of fire, choose the right portable extinguisher, decide quickly whether to fight or leave, and use the Pull, Aim, Squeeze, Sweep technique safely.',
    timeLimit: 30,
    passingScore: 70,
    allowBrowse: true,
    createdDaysAgo: 64,
    publishedDaysAgo: 60,
    materials: [
      {
        handout: 'passVideo',
        title: 'Video: The PASS Technique',
        description: 'A 12-second refresher of the four PASS steps. Watch it to the end.',
      },
      {
        handout: 'extinguisherGuide',
        title: 'Portable Fire Extinguisher Field Guide',
        description: 'Fire classes, extinguisher types, when to fight a fire and the monthly inspection checklist.',
      },
    ],
    pre: {
      title: 'Pre-Assessment: Fire Extinguisher Basics',
      timeLimit: 10,
      shuffle: false,
      questions: [
        mcq(
          'What does the "P" in the PASS technique stand for?',
          'Pull',
          ['Push', 'Point', 'Press'],
          'Pull the pin first: it breaks the tamper seal and unlocks the operating handle.',
        ),
        tf(
          'When using a fire extinguisher, you should aim the nozzle at the top of the flames.',
          false,
          'Aim at the base of the fire, where the fuel is burning. Spraying the flames does not put out the fuel.',
        ),
        mcq(
          'Which class of fire involves flammable liquids such as gasoline, solvents and oil-based paint?',
          'Class B',
          ['Class A', 'Class C', 'Class D'],
          'Class B covers flammable liquids and gases. Class A is ordinary combustibles, C is energized electrical equipment, D is combustible metals.',
          1,
        ),
        tf(
          'A pressurised water extinguisher is safe to use on a fire in an energized electrical panel.',
          false,
          'Water conducts electricity and can electrocute the user. Use a CO2 or dry chemical extinguisher rated for Class C fires.',
        ),
        mcq(
          'Class K fires involve:',
          'Cooking oils and fats in commercial kitchens',
          ['Combustible metals such as magnesium', 'Energized electrical equipment', 'Wood, paper and cloth'],
          'Class K (kitchen) fires involve cooking oils and fats and need a wet chemical extinguisher.',
          2,
        ),
      ],
    },
    post: {
      title: 'Final Assessment: Using a Portable Extinguisher',
      timeLimit: 15,
      shuffle: true,
      questions: [
        mcq(
          'What is the correct order of the PASS technique?',
          'Pull, Aim, Squeeze, Sweep',
          ['Point, Aim, Spray, Sweep', 'Pull, Activate, Spray, Stop', 'Push, Aim, Squeeze, Shake'],
          'Pull the pin, Aim at the base of the fire, Squeeze the handle, Sweep from side to side.',
        ),
        mcq(
          'Where should you aim the extinguisher nozzle?',
          'At the base of the fire',
          ['At the top of the flames', 'Into the middle of the smoke', 'At the wall behind the fire'],
          'The agent must reach the burning fuel at the base of the fire to put it out.',
          0,
        ),
        tf(
          'Before attempting to fight a fire, you should make sure you have a clear exit route behind you.',
          true,
          'Keep your back to the exit so you can retreat immediately if the fire grows or the extinguisher runs out.',
        ),
        mcq(
          'Which extinguisher can be used on ordinary combustibles, flammable liquids and electrical fires?',
          'ABC dry chemical',
          ['Class K wet chemical', 'Pressurised water', 'Class D dry powder'],
          'An ABC multipurpose dry chemical extinguisher is rated for Class A, B and C fires. It is the most common type in offices and warehouses.',
          3,
        ),
        mcq(
          'Class D fires involve:',
          'Combustible metals such as magnesium, titanium and sodium',
          ['Cooking oils and fats', 'Wood, paper and cardboard', 'Energized electrical equipment'],
          'Combustible metal fires need a Class D dry powder agent. Water or ordinary extinguishers can make them react violently.',
          1,
        ),
        tf(
          'During the monthly inspection, the needle of the pressure gauge should be in the green zone.',
          true,
          'Green means the extinguisher is charged. A needle in the red zone means it must be recharged or replaced.',
        ),
        mcq(
          'About how far from the fire should you start discharging a typical portable extinguisher?',
          '6 to 8 feet (2 to 2.5 m)',
          ['Within 1 foot (30 cm)', '20 to 25 feet (6 to 8 m)', 'Distance does not matter'],
          'Start 6 to 8 feet away and move closer as the fire diminishes. Too close and you may scatter the fuel; too far and the agent will not reach.',
          2,
        ),
        tf(
          'If the fire is spreading beyond where it started, you should keep fighting it until the extinguisher is empty.',
          false,
          'A fire that is spreading is beyond the incipient stage. Leave immediately, close the door behind you and raise the alarm.',
        ),
      ],
    },
  },
  {
    key: 'evac',
    book: 'fire',
    title: 'Fire Prevention and Emergency Evacuation',
    description:
      'Prevent fires through good housekeeping and hot work control, respond with RACE, and evacuate safely to your assembly point when the alarm sounds.',
    timeLimit: 35,
    passingScore: 75,
    allowBrowse: false,
    createdDaysAgo: 58,
    publishedDaysAgo: 52,
    materials: [
      {
        handout: 'evacuationGuide',
        title: 'Fire Prevention and Emergency Evacuation',
        description: 'Housekeeping, hot work permits, RACE and what to do when the alarm sounds.',
      },
    ],
    pre: {
      title: 'Pre-Assessment: Fire Prevention Basics',
      timeLimit: 10,
      shuffle: false,
      questions: [
        mcq(
          'The three elements of the fire triangle are:',
          'Heat, fuel and oxygen',
          ['Heat, smoke and oxygen', 'Fuel, water and oxygen', 'Spark, smoke and fuel'],
          'A fire needs heat, fuel and oxygen. Removing any one of them puts it out.',
        ),
        tf(
          'Elevators are a safe way to leave a building during a fire.',
          false,
          'Never use elevators in a fire: they can stop between floors or open onto the fire floor. Use the stairs.',
        ),
        mcq(
          'In the RACE response, what does the "R" stand for?',
          'Rescue',
          ['Report', 'Run', 'Respond'],
          'Rescue anyone in immediate danger, if you can do so without putting yourself at risk.',
          1,
        ),
        tf(
          'Fire doors may be wedged open to improve ventilation, as long as they are closed at the end of the day.',
          false,
          'Fire doors hold back fire and smoke only when closed. They may be held open only by an automatic release linked to the fire alarm.',
        ),
      ],
    },
    post: {
      title: 'Final Assessment: Fire Prevention and Evacuation',
      timeLimit: 15,
      shuffle: false,
      questions: [
        mcq(
          'What should you do before opening a closed door during a fire evacuation?',
          'Feel the door and handle with the back of your hand',
          ['Open it quickly to check for smoke', 'Break the glass panel first', 'Wait for a fire warden to open it'],
          'If the door or handle is hot, there may be fire on the other side. Use another route.',
        ),
        mcq(
          'Smoke is building up along your exit route. What should you do?',
          'Stay low, where the air is cleaner and cooler',
          [
            'Stand upright and run through it',
            'Return to your workstation and wait',
            'Open the windows to clear the smoke',
          ],
          'Smoke and hot gases rise. The cleanest air is close to the floor.',
          2,
        ),
        tf(
          'After evacuating, go directly to your assembly point and report to your fire warden so a headcount can be completed.',
          true,
          'The headcount tells the fire service whether anyone may still be inside.',
        ),
        mcq(
          'Which of these is good fire-prevention housekeeping?',
          'Keeping combustible waste in covered metal bins and emptying them daily',
          [
            'Storing cardboard boxes in the electrical room',
            'Daisy-chaining power strips under desks',
            'Placing pallets in front of a fire extinguisher',
          ],
          'Limiting combustible waste removes fuel. The other options add fuel, ignition sources or block fire equipment.',
          3,
        ),
        tf(
          'Welding or grinding near combustible materials should only start after a hot work permit is issued and a fire watch is arranged.',
          true,
          'Hot work is a leading cause of workplace fires. The permit makes sure combustibles are cleared and a fire watch stays during and after the work.',
        ),
        mcq(
          'In RACE, what does the "C" stand for?',
          'Confine the fire by closing doors',
          ['Call your supervisor', 'Collect your belongings', 'Cool the fire with water'],
          'Closing doors and windows behind you slows the spread of fire and smoke.',
          0,
        ),
        tf(
          'You may go back into the building as soon as the fire alarm stops sounding.',
          false,
          'Re-enter only when the fire service or the incident controller gives the all clear. The alarm may be silenced while the fire is still being dealt with.',
        ),
      ],
    },
  },
  {
    key: 'ghs',
    book: 'hazcom',
    title: 'GHS Labels and Pictograms',
    description:
      'Read any chemical label with confidence: the six GHS label elements, the signal words Danger and Warning, the nine pictograms and the rules for secondary containers.',
    timeLimit: 30,
    passingScore: 70,
    allowBrowse: true,
    createdDaysAgo: 50,
    publishedDaysAgo: 45,
    materials: [
      {
        handout: 'ghsGuide',
        title: 'GHS Label Elements and Pictograms',
        description: 'Quick reference to label elements, signal words and the nine pictograms.',
      },
    ],
    pre: {
      title: 'Pre-Assessment: Chemical Labels',
      timeLimit: 10,
      shuffle: false,
      questions: [
        mcq(
          'What does GHS stand for?',
          'Globally Harmonized System of Classification and Labelling of Chemicals',
          [
            'General Hazard Safety Standard',
            'Global Hazardous Substances Register',
            'Government Health and Safety Code',
          ],
          'The GHS is the United Nations system adopted by OSHA in the Hazard Communication Standard.',
        ),
        mcq(
          'Which signal word indicates the more severe hazard?',
          'Danger',
          ['Warning', 'Caution', 'Notice'],
          'GHS uses only two signal words: "Danger" for the more severe hazards and "Warning" for the less severe.',
          2,
        ),
        tf(
          'GHS pictograms are black symbols on a white background with a red diamond-shaped border.',
          true,
          'The red diamond border is required on every GHS pictogram on a shipped container label.',
        ),
        mcq(
          'The flame pictogram indicates:',
          'Flammable, pyrophoric and self-heating materials',
          ['Oxidizers', 'Explosives', 'Acute toxicity'],
          'Oxidizers use the flame over circle; explosives use the exploding bomb; acute toxicity uses the skull and crossbones.',
          1,
        ),
        tf(
          'A GHS label only needs a pictogram; hazard statements are optional.',
          false,
          'A shipped container label needs all six elements, including hazard statements.',
        ),
      ],
    },
    post: {
      title: 'Final Assessment: GHS Labels and Pictograms',
      timeLimit: 15,
      shuffle: true,
      questions: [
        mcq(
          'The skull and crossbones pictogram indicates:',
          'Acute toxicity (fatal or toxic)',
          ['Corrosive to skin and metals', 'Carcinogen', 'Skin or eye irritant'],
          'The skull and crossbones is used for the most severe acute toxicity categories. Irritants use the exclamation mark.',
        ),
        mcq(
          'Which pictogram is used for carcinogens, respiratory sensitizers and reproductive toxicity?',
          'Health hazard (silhouette with star burst)',
          ['Exclamation mark', 'Skull and crossbones', 'Corrosion'],
          'The health hazard pictogram covers chronic (long-term) health effects.',
          1,
        ),
        mcq(
          'The flame over circle pictogram indicates:',
          'Oxidizers',
          ['Flammable gases', 'Explosives', 'Gases under pressure'],
          'Oxidizers can cause or intensify a fire by supplying oxygen.',
          2,
        ),
        tf(
          'Even when a chemical has several hazards, its GHS label shows only one signal word.',
          true,
          'If any hazard calls for "Danger", only "Danger" appears on the label.',
        ),
        mcq(
          'Which of these is NOT one of the six required elements of a shipped container label?',
          'The date the container was first opened',
          ['Product identifier', 'Signal word', 'Supplier identification'],
          'The six elements are product identifier, signal word, hazard statements, precautionary statements, pictograms and supplier identification.',
          3,
        ),
        tf(
          'A chemical poured into a spray bottle that will not be used up immediately must be labelled with the product identifier and its hazards.',
          true,
          'Secondary containers need a workplace label unless the person who filled it uses it all immediately.',
        ),
        mcq(
          'The corrosion pictogram warns of:',
          'Skin burns, serious eye damage and corrosion of metals',
          ['Explosive reactions', 'Oxidizing properties', 'Harm to aquatic life'],
          'Corrosives destroy living tissue and can eat through metal containers.',
          0,
        ),
        mcq(
          'The exclamation mark pictogram indicates:',
          'Irritants, skin sensitizers and harmful (less severe) acute toxicity',
          ['Fatal acute toxicity', 'Explosives', 'Gases under pressure'],
          'The exclamation mark covers less severe health hazards, including narcotic effects and respiratory tract irritation.',
          2,
        ),
      ],
    },
  },
  {
    key: 'sds',
    book: 'hazcom',
    title: 'Reading a Safety Data Sheet (SDS)',
    description:
      'Find what you need fast on any GHS-format Safety Data Sheet: the 16 sections, where to look for PPE, first aid, spill response and fire-fighting measures.',
    timeLimit: 40,
    passingScore: 75,
    allowBrowse: false,
    createdDaysAgo: 47,
    publishedDaysAgo: 40,
    materials: [
      {
        handout: 'sdsGuide',
        title: 'Safety Data Sheets: The 16 Sections',
        description: 'Section-by-section guide, and which sections to read first in an emergency.',
      },
    ],
    pre: {
      title: 'Pre-Assessment: Safety Data Sheets',
      timeLimit: 10,
      shuffle: false,
      questions: [
        mcq(
          'How many sections does a GHS-format Safety Data Sheet have?',
          '16',
          ['8', '12', '10'],
          'Every GHS SDS has 16 sections in the same fixed order.',
          1,
        ),
        tf(
          'SDSs must be readily accessible to employees in their work area during each work shift.',
          true,
          'OSHA requires SDSs to be readily accessible, on paper or electronically, without barriers.',
        ),
        mcq(
          'Which SDS section covers first-aid measures?',
          'Section 4',
          ['Section 2', 'Section 8', 'Section 11'],
          'Section 4 describes symptoms and first aid by route of exposure.',
          2,
        ),
        tf(
          'Section 1 of an SDS identifies the product and the supplier, including an emergency phone number.',
          true,
          'Section 1 is Identification: product identifier, recommended use and supplier contact details.',
        ),
        mcq(
          'Who must provide the SDS for a hazardous chemical?',
          'The chemical manufacturer, importer or distributor',
          ['The employee who uses it', 'The local fire department', 'The company insurer'],
          'The supplier must provide an SDS with the first shipment and whenever it is updated. The employer keeps it accessible.',
        ),
      ],
    },
    post: {
      title: 'Final Assessment: Reading an SDS',
      timeLimit: 20,
      shuffle: false,
      questions: [
        mcq(
          'Which SDS section tells you which personal protective equipment to wear?',
          'Section 8: Exposure controls / personal protection',
          ['Section 7: Handling and storage', 'Section 10: Stability and reactivity', 'Section 3: Composition'],
          'Section 8 lists exposure limits, engineering controls and required PPE.',
        ),
        mcq(
          "Where do you find a chemical's GHS classification, signal word and pictograms?",
          'Section 2: Hazard(s) identification',
          [
            'Section 1: Identification',
            'Section 9: Physical and chemical properties',
            'Section 15: Regulatory information',
          ],
          'Section 2 repeats the label information and adds the full hazard classification.',
          1,
        ),
        mcq(
          'A coworker spills a solvent. Which section gives containment and clean-up procedures?',
          'Section 6: Accidental release measures',
          [
            'Section 5: Fire-fighting measures',
            'Section 13: Disposal considerations',
            'Section 14: Transport information',
          ],
          'Section 6 covers spill containment, clean-up methods and the PPE needed to do it.',
          3,
        ),
        tf(
          'Section 5 (Fire-fighting measures) lists suitable extinguishing media and specific hazards arising from the chemical in a fire.',
          true,
          'It also lists special protective equipment and precautions for firefighters.',
        ),
        mcq(
          'Section 7 of an SDS covers:',
          'Handling and storage, including incompatible materials',
          ['Toxicological information', 'Transport information', 'Other information and revision date'],
          'Section 7 tells you how to handle the chemical safely and how and where to store it.',
          2,
        ),
        tf(
          'Exposure limits such as OSHA PELs and ACGIH TLVs are found in Section 8.',
          true,
          'Section 8 gives the occupational exposure limits together with the controls that keep exposure below them.',
        ),
        mcq(
          'Which section describes conditions to avoid and incompatible materials that could cause a hazardous reaction?',
          'Section 10: Stability and reactivity',
          [
            'Section 9: Physical and chemical properties',
            'Section 3: Composition',
            'Section 12: Ecological information',
          ],
          'Section 10 covers chemical stability, possible hazardous reactions, conditions to avoid and incompatible materials.',
          0,
        ),
        tf(
          'If you cannot find the SDS for a chemical you are about to use, it is acceptable to use it first and look for the SDS afterwards.',
          false,
          'No SDS, no use. Stop and ask your supervisor or EHS before using an unfamiliar chemical.',
        ),
      ],
    },
  },
  {
    key: 'ladder',
    book: 'heights',
    title: 'Ladder Safety Essentials',
    description:
      'Select the right ladder, inspect it before every use, set it up with the 4-to-1 rule and climb with three points of contact.',
    timeLimit: 30,
    passingScore: 80,
    allowBrowse: true,
    createdDaysAgo: 44,
    publishedDaysAgo: 38,
    materials: [
      {
        handout: 'ladderGuide',
        title: 'Portable Ladder Safety',
        description: 'Duty ratings, inspection, set-up and safe climbing.',
      },
    ],
    pre: {
      title: 'Pre-Assessment: Ladder Basics',
      timeLimit: 10,
      shuffle: false,
      questions: [
        mcq(
          'What does the 4-to-1 rule for extension ladders mean?',
          'The base is 1 foot out from the wall for every 4 feet of height to the support point',
          [
            'The base is 4 feet out for every 1 foot of height',
            'Only 1 person per 4 rungs',
            'Rest for 1 minute every 4 minutes of climbing',
          ],
          'A 4:1 ratio sets the ladder at about 75 degrees, the angle that resists slipping out at the base.',
        ),
        tf(
          'You should maintain three points of contact with the ladder while climbing.',
          true,
          'Two hands and one foot, or two feet and one hand, on the ladder at all times.',
        ),
        mcq(
          'When an extension ladder is used to reach a roof, how far should it extend above the landing?',
          'At least 3 feet (0.9 m)',
          ['At least 1 foot (0.3 m)', 'At least 6 inches (15 cm)', 'At least 6 feet (1.8 m)'],
          'The 3 feet of side rail above the landing gives you something to hold while stepping on and off.',
          2,
        ),
        tf(
          'It is acceptable to stand on the top cap of a stepladder if someone else holds the ladder.',
          false,
          'Never stand on the top cap or the step below it. Use a taller ladder or a work platform.',
        ),
        mcq(
          'Which ladder should be used near electrical equipment or overhead lines?',
          'A fiberglass ladder with non-conductive side rails',
          ['An aluminium ladder', 'A steel ladder', 'Any ladder, as long as it is dry'],
          'Metal ladders conduct electricity. Fiberglass side rails are non-conductive when clean and dry.',
          1,
        ),
      ],
    },
    post: {
      title: 'Final Assessment: Ladder Safety',
      timeLimit: 15,
      shuffle: true,
      questions: [
        mcq(
          'What does "three points of contact" mean?',
          'Two hands and one foot, or two feet and one hand, on the ladder at all times',
          [
            'Any three parts of your body touching the ladder',
            'Keeping three rungs between your feet',
            'Three people holding the ladder',
          ],
          'Three points of contact keeps you stable if a hand or foot slips.',
        ),
        mcq(
          'The point where an extension ladder rests against a wall is 16 feet high. How far from the wall should the base be?',
          '4 feet',
          ['2 feet', '8 feet', '1 foot'],
          '4-to-1 rule: 16 feet of height divided by 4 = 4 feet out from the wall.',
          1,
        ),
        tf(
          'Before each use, a ladder should be inspected for cracked rails, loose or missing rungs, damaged feet and slippery contamination.',
          true,
          'Inspect before every use. Most ladder defects are visible in a 30-second check.',
        ),
        mcq(
          'What is the duty rating (maximum load) of a Type IA ladder?',
          '300 lb (136 kg)',
          ['200 lb (91 kg)', '225 lb (102 kg)', '375 lb (170 kg)'],
          'Type IAA is 375 lb, IA 300 lb, I 250 lb, II 225 lb and III 200 lb. The load includes you, your tools and materials.',
          2,
        ),
        tf(
          'When working from a ladder, you should keep your belt buckle (the centre of your body) between the side rails.',
          true,
          'Over-reaching moves your centre of gravity outside the rails and tips the ladder. Climb down and move it instead.',
        ),
        mcq(
          'During your pre-use inspection, you find a cracked side rail. What should you do?',
          'Tag it "Do Not Use", remove it from service and report it',
          [
            'Use it carefully for short jobs only',
            'Wrap the crack with duct tape',
            'Put it back in storage for someone else',
          ],
          'Damaged ladders are removed from service until repaired by a competent person or destroyed.',
          3,
        ),
        tf(
          'A stepladder may be folded and leaned against a wall to be used like a straight ladder.',
          false,
          'A closed stepladder can slide out at the base. Open it fully and lock the spreaders, or use a straight or extension ladder.',
        ),
      ],
    },
  },
  {
    key: 'fall',
    book: 'heights',
    title: 'Fall Protection: Guardrails and Personal Fall Arrest Systems',
    description:
      'Apply the hierarchy of fall protection, check guardrails against the 42-inch rule, and rig, inspect and rescue with a personal fall arrest system.',
    timeLimit: 45,
    passingScore: 80,
    allowBrowse: true,
    createdDaysAgo: 40,
    publishedDaysAgo: 33,
    materials: [
      {
        handout: 'fallProtectionGuide',
        title: 'Fall Protection Systems',
        description: 'Guardrail requirements, PFAS components and limits, clearance and rescue.',
      },
    ],
    pre: {
      title: 'Pre-Assessment: Fall Protection Basics',
      timeLimit: 10,
      shuffle: false,
      questions: [
        mcq(
          'In construction, at what height is fall protection required?',
          '6 feet (1.8 m)',
          ['4 feet (1.2 m)', '10 feet (3 m)', '15 feet (4.6 m)'],
          'OSHA 1926 Subpart M requires fall protection at 6 feet in construction. General industry uses 4 feet.',
          1,
        ),
        tf(
          'A personal fall arrest system consists of an anchorage, a connector such as a lanyard or self-retracting lifeline, and a full-body harness.',
          true,
          'The ABCs of fall arrest: Anchorage, Body support, Connector.',
        ),
        mcq(
          'What is the required height of a guardrail top rail above the walking-working surface?',
          '42 inches, plus or minus 3 inches',
          [
            '36 inches, plus or minus 6 inches',
            '30 inches, plus or minus 3 inches',
            '48 inches, plus or minus 3 inches',
          ],
          'Top rails must be 42 in (107 cm) plus or minus 3 in, so between 39 and 45 inches.',
          2,
        ),
        tf(
          'A body belt is an acceptable component of a personal fall arrest system.',
          false,
          'Body belts concentrate the arresting force on the abdomen and are not permitted for fall arrest. Use a full-body harness.',
        ),
        mcq(
          'Which is the preferred order for controlling a fall hazard?',
          'Eliminate, guardrails, fall restraint, fall arrest',
          [
            'Fall arrest, fall restraint, guardrails, eliminate',
            'Warning signs, fall arrest, guardrails',
            'Fall arrest only, for every job',
          ],
          'Eliminating the hazard and passive protection such as guardrails come before personal equipment.',
          0,
        ),
      ],
    },
    post: {
      title: 'Final Assessment: Fall Protection Systems',
      timeLimit: 20,
      shuffle: true,
      questions: [
        mcq(
          'What is the maximum free fall distance allowed for a personal fall arrest system?',
          '6 feet (1.8 m)',
          ['2 feet (0.6 m)', '10 feet (3 m)', '12 feet (3.7 m)'],
          'Rig the system so you cannot free fall more than 6 feet, or contact any lower level.',
          2,
        ),
        mcq(
          'A PFAS anchorage, unless designed by a qualified person, must support at least:',
          '5,000 lb (22.2 kN) per worker attached',
          ['1,000 lb (4.4 kN) per worker', '2,500 lb (11.1 kN) per worker', '310 lb (1.4 kN) per worker'],
          'The alternative is an anchorage designed, installed and used under the supervision of a qualified person with a safety factor of at least two.',
          1,
        ),
        tf(
          'The top rail of a guardrail must withstand a force of at least 200 pounds applied in any outward or downward direction.',
          true,
          '200 lb (890 N) at the top edge. Midrails must withstand at least 150 lb.',
        ),
        mcq(
          'What is the maximum arresting force a PFAS may put on a worker wearing a full-body harness?',
          '1,800 lb (8 kN)',
          ['900 lb (4 kN)', '3,000 lb (13.3 kN)', '5,000 lb (22.2 kN)'],
          'Energy absorbers limit the arresting force to 1,800 lb.',
          3,
        ),
        tf(
          'A harness and lanyard that have arrested a fall can go straight back into service if they look undamaged.',
          false,
          'Equipment that has arrested a fall is removed from service until a competent person inspects it and confirms it is fit for use.',
        ),
        mcq(
          'Why must every job that relies on fall arrest have a prompt rescue plan?',
          'Suspension trauma can become life-threatening within minutes',
          [
            'The harness will fail if worn for more than an hour',
            'It is only needed for insurance purposes',
            'To recover the equipment quickly',
          ],
          'A worker hanging motionless in a harness can lose consciousness as blood pools in the legs (orthostatic intolerance).',
          0,
        ),
        mcq(
          'Where is the midrail of a guardrail system installed?',
          'About midway between the top rail and the walking-working surface',
          ['At ankle height', '6 inches below the top rail', 'Midrails are optional'],
          'About 21 inches above the surface when the top rail is at 42 inches. Screens or mesh may be used instead.',
          1,
        ),
        tf(
          'A PFAS must bring a falling worker to a stop within a deceleration distance of no more than 3.5 feet.',
          true,
          'The deceleration distance is limited to 3.5 feet (1.07 m); include it when calculating fall clearance.',
        ),
      ],
    },
  },
  {
    key: 'loto',
    book: 'electrical',
    title: 'Lockout/Tagout (LOTO) for Authorized Employees',
    description:
      'Control hazardous energy during servicing and maintenance: identify energy sources, follow the six lockout steps, verify isolation and release equipment safely.',
    timeLimit: 40,
    passingScore: 80,
    allowBrowse: true,
    createdDaysAgo: 36,
    publishedDaysAgo: 30,
    materials: [
      {
        handout: 'lotoGuide',
        title: 'Lockout/Tagout (LOTO) Procedure',
        description: 'Energy types, the six steps, verification, release and shift changes.',
      },
    ],
    pre: {
      title: 'Pre-Assessment: Hazardous Energy',
      timeLimit: 10,
      shuffle: false,
      questions: [
        mcq(
          'What is the purpose of lockout/tagout?',
          'To prevent unexpected energization, start-up or release of stored energy during servicing',
          ['To lock tools away at the end of a shift', 'To secure the building out of hours', 'To mark defective PPE'],
          'LOTO protects workers who service or maintain machines and equipment (OSHA 29 CFR 1910.147).',
        ),
        tf(
          'Only the authorized employee who applied a lock should remove it.',
          true,
          'One person, one lock, one key. Removal by anyone else follows a strict, documented supervisor procedure.',
        ),
        mcq(
          'Which of these is stored energy that must be released or restrained after isolation?',
          'Compressed air left in a pneumatic line after the supply valve is closed',
          [
            'A disconnected power cord coiled on the floor',
            'An empty, vented air receiver',
            'A breaker that is locked in the off position',
          ],
          'Trapped air, hydraulic pressure, springs, capacitors and raised loads can all move or shock after the main source is off.',
          1,
        ),
        tf(
          "Pressing the machine's stop button is an adequate way to isolate its energy for maintenance.",
          false,
          'Stop buttons and control circuits are not energy-isolating devices. Use the disconnect switch, breaker or valve.',
        ),
        mcq(
          'Each authorized employee working on locked-out equipment should:',
          'Apply their own personal lock and tag to the isolating device or group lockbox',
          [
            'Share a single lock with the rest of the crew',
            'Hang a tag only, to save time',
            'Ask the operator to watch the switch',
          ],
          'Each worker controls their own protection with their own lock and key.',
          3,
        ),
      ],
    },
    post: {
      title: 'Final Assessment: Lockout/Tagout',
      timeLimit: 20,
      shuffle: false,
      questions: [
        mcq(
          'What is the correct sequence for applying lockout?',
          'Prepare and notify, shut down, isolate, lock and tag, release stored energy, verify',
          [
            'Lock and tag, shut down, notify, verify, isolate',
            'Shut down, verify, lock and tag, notify',
            'Isolate, start work, lock and tag, verify',
          ],
          'Notify affected employees, stop the machine, isolate, apply locks and tags, dissipate stored energy, then verify before work starts.',
        ),
        mcq(
          'What is the purpose of the "try-out" (verification) step?',
          'To confirm the equipment is de-energized and cannot start before work begins',
          [
            'To test the strength of the lock',
            'To check that the tag is legible',
            'To restart the machine after maintenance',
          ],
          'Attempt to start the equipment with its normal controls, then return the controls to off.',
          2,
        ),
        tf(
          'Before verifying isolation by trying to start the machine, make sure all personnel are clear of the equipment.',
          true,
          'If isolation has failed, the machine will start: nobody may be in the danger zone.',
        ),
        mcq(
          'Who must be notified before lockout is applied and before the equipment is re-energized?',
          'Affected employees',
          ['Only the plant manager', 'No one, if the job is short', 'The fire department'],
          'Affected employees operate or work near the equipment and must know it is being shut down and when it returns to service.',
          1,
        ),
        tf(
          'A tag alone gives the same protection as a lock.',
          false,
          'A tag is a warning device only. It does not physically prevent anyone from operating the isolating device.',
        ),
        mcq(
          'Work is complete. What is the first step in releasing the equipment from lockout?',
          'Check the area: tools removed, guards reinstalled, equipment intact',
          [
            'Remove all locks at once',
            'Restart the machine to test it',
            'Leave the locks on for the next shift to remove',
          ],
          'Inspect the work area first, then make sure employees are clear, notify them, remove locks and re-energize.',
          3,
        ),
        tf(
          'Electrical isolation should be verified with a rated voltage tester, checked on a known live source before and after the test (live-dead-live).',
          true,
          'Live-dead-live proves the tester works, so a "dead" reading can be trusted.',
        ),
        mcq(
          'Servicing continues into the next shift. How is lockout protection maintained?',
          'The oncoming employee applies their lock before the outgoing employee removes theirs',
          [
            'The outgoing employee removes their lock and the oncoming one reapplies later',
            'A tag is left on the switch between shifts',
            'The equipment is re-energized during the shift change',
          ],
          'Protection must be continuous: there must never be a moment without a lock in place.',
          0,
        ),
      ],
    },
  },
  {
    key: 'scaffold',
    book: 'heights',
    title: 'Scaffold Safety for Users',
    description:
      'Work safely on supported scaffolds: competent-person inspections, safe access, platform and guardrail requirements and load limits.',
    timeLimit: 40,
    passingScore: 80,
    allowBrowse: false,
    createdDaysAgo: 6,
    publishedDaysAgo: null,
    materials: [
      // Shares the fall protection handout with the published course.
      {
        handout: 'fallProtectionGuide',
        title: 'Fall Protection Systems',
        description: 'Guardrails and PFAS requirements that apply on scaffolds.',
      },
    ],
    pre: {
      title: 'Pre-Assessment: Scaffold Basics',
      timeLimit: 10,
      shuffle: false,
      questions: [
        tf(
          'Scaffolds must be inspected by a competent person before each work shift and after any event that could affect their integrity.',
          true,
          'Weather, impacts and modifications can all weaken a scaffold.',
        ),
        mcq(
          'On a supported scaffold, fall protection is required when the platform is more than how high above a lower level?',
          '10 feet (3 m)',
          ['4 feet (1.2 m)', '6 feet (1.8 m)', '15 feet (4.6 m)'],
          'OSHA 1926.451(g) sets 10 feet for scaffolds, in place of the general 6 foot construction rule.',
          1,
        ),
        tf(
          'You may climb the cross braces to reach a scaffold platform if no ladder is available.',
          false,
          'Cross braces are not designed for climbing. Use an attached ladder, stair tower or built-in access.',
        ),
        mcq(
          'A scaffold must be able to support its own weight and at least how many times its maximum intended load?',
          '4 times',
          ['2 times', '1.5 times', '10 times'],
          'Each scaffold and component must support its own weight and at least 4 times the maximum intended load.',
          2,
        ),
      ],
    },
    post: null,
  },
  {
    // A blended course (issue 29): online pre-work, then a classroom session (completed only by the
    // trainer's signed-off attendance), then the post-assessment. Sessions: ./classroom.mjs.
    key: 'bbp',
    book: 'health',
    title: 'Bloodborne Pathogens (Blended)',
    description:
      'The annual bloodborne pathogens training (29 CFR 1910.1030): online pre-work, a hands-on classroom session with a qualified trainer (gloves, spill kit, sharps), then a short final assessment.',
    timeLimit: 30,
    passingScore: 80,
    allowBrowse: false,
    createdDaysAgo: 30,
    publishedDaysAgo: 28,
    materials: [
      {
        handout: 'bbpGuide',
        title: 'Pre-work: Bloodborne Pathogens Basics',
        description:
          'Read before the classroom session: routes of exposure, universal precautions and what to do after an exposure.',
      },
    ],
    classroom: {
      title: 'Classroom session: hands-on practice',
      description:
        'With the trainer: putting on and removing gloves without contaminating your hands, the spill kit, sharps containers, and questions about the exposure control plan.',
    },
    pre: null,
    post: {
      title: 'Final Assessment: Bloodborne Pathogens',
      timeLimit: 15,
      shuffle: true,
      questions: [
        tf(
          'Under universal precautions, all human blood is treated as if it were infectious.',
          true,
          'You cannot tell by looking whether blood carries HBV, HCV or HIV.',
        ),
        mcq(
          'What do you do with a used needle?',
          'Put it straight into a sharps container without recapping it',
          ['Recap it carefully, then bin it', 'Bend it so no one can reuse it', 'Wrap it in paper towel'],
          'Recapping, bending and breaking needles cause most needlestick injuries.',
        ),
        mcq(
          'After blood splashes into your eyes, what comes first?',
          'Flush with water, then report it at once',
          ['Finish the task, then report it', 'Wait to see whether symptoms appear', 'Rub your eyes dry'],
          'Flush, report and get a medical evaluation the same day.',
        ),
        tf(
          'The hepatitis B vaccination must be offered free of charge to employees with occupational exposure.',
          true,
          '29 CFR 1910.1030(f) requires it.',
        ),
        mcq(
          'Which bag is used for waste contaminated with blood?',
          'A labelled red biohazard bag',
          ['An ordinary black bin bag', 'A clear recycling bag', 'Any bag, tied twice'],
          'Regulated waste goes in labelled or red-coloured containers.',
        ),
      ],
    },
  },
  {
    key: 'ppe',
    book: 'hazcom',
    title: 'PPE Essentials (SCORM)',
    description:
      'A short interactive quiz, delivered as a SCORM 1.2 package: inspecting PPE before use, hearing protection, eye protection, chemical gloves and who pays for PPE. Score 80% to complete it.',
    timeLimit: 15,
    passingScore: 80,
    allowBrowse: true,
    createdDaysAgo: 5,
    publishedDaysAgo: 4,
    // A SCORM package (scripts/seed-assets/ppe-quiz-scorm), zipped and expanded by the seed.
    materials: [
      {
        handout: 'ppeQuiz',
        title: 'PPE Essentials Quiz',
        description: 'Five questions; your answers are saved as you go, so you can leave and resume.',
      },
    ],
    pre: null,
    post: null,
  },

  // The formal-instruction part of forklift training (OSHA 29 CFR 1910.178(l)); the practical part is
  // the reach-truck evaluation (./offscreen.mjs). The oldest course, so the admin list's first page
  // (newest first) stays as it was.
  {
    key: 'forklift',
    book: 'handling',
    title: 'Powered Industrial Trucks: Forklift Operator Training',
    description:
      'The formal instruction every forklift operator needs before the practical evaluation: stability, load capacity, travelling with a load, pedestrians and the daily pre-use check.',
    timeLimit: 20,
    passingScore: 70,
    allowBrowse: true,
    createdDaysAgo: 86,
    publishedDaysAgo: 85,
    materials: [],
    pre: null,
    post: {
      title: 'Final Assessment: Forklift Operation',
      timeLimit: 15,
      shuffle: false,
      questions: [
        mcq(
          'Where is the load centre of a forklift measured from?',
          'The face of the forks (the vertical shank) to the centre of the load',
          ['The front wheels to the back of the load', 'The mast to the floor', 'The driver seat to the forks'],
          'Capacity plates assume a standard load centre measured from the fork face; a longer load centre lowers the safe capacity.',
        ),
        tf(
          'When travelling with a load, the load is carried as low as practical and tilted back.',
          true,
          'A low, tilted-back load keeps the combined centre of gravity inside the stability triangle.',
        ),
        tf(
          'A pre-use check may be skipped if the truck was checked on the previous shift.',
          false,
          'Every operator checks the truck before their own shift; defects found take it out of service.',
        ),
        mcq(
          'Going down a ramp with a loaded forklift, you should travel:',
          'In reverse, with the load pointing uphill',
          ['Forwards, with the load leading', 'Diagonally across the ramp', 'With the load raised for visibility'],
          'With a load, the forks always point uphill on a slope, so the load cannot slide off or tip the truck.',
        ),
        mcq(
          'Who may operate a powered industrial truck at work?',
          'Only a trained operator whose performance has been evaluated and who is authorised',
          [
            'Anyone holding a car driving licence',
            'Any warehouse employee after watching a demonstration',
            'Supervisors only',
          ],
          'OSHA 1910.178(l) requires formal instruction, practical training and an evaluation in the workplace before an operator is authorised.',
        ),
      ],
    },
  },

  // ---- Spanish versions (delivery language, issue 16): the same courses in Spanish, linked to the
  // English course as one course family (`familyOf`). A certificate of either version meets a
  // requirement of the family. The handouts and the video are the English ones (their titles say so).
  // Created before the other courses so the admin list's first page (newest first) stays as it was.
  {
    key: 'passEs',
    book: 'fire',
    language: 'es',
    familyOf: 'pass',
    title: 'Uso del extintor portátil: la técnica PASS',
    description:
      'Aprenda a reconocer las cinco clases de fuego, elegir el extintor portátil adecuado, decidir rápidamente si combatir el fuego o evacuar, y aplicar con seguridad la técnica Tirar, Apuntar, Presionar y Barrer (PASS).',
    timeLimit: 30,
    passingScore: 70,
    allowBrowse: false,
    createdDaysAgo: 67,
    publishedDaysAgo: 38,
    materials: [
      {
        handout: 'passVideo',
        title: 'Vídeo: la técnica PASS',
        description: 'Repaso de 12 segundos de los cuatro pasos (subtítulos en inglés). Véalo hasta el final.',
      },
      {
        handout: 'extinguisherGuide',
        title: 'Guía de campo del extintor portátil (documento en inglés)',
        description: 'Clases de fuego, tipos de extintor, cuándo combatir un fuego y la lista de inspección mensual.',
      },
    ],
    pre: {
      title: 'Evaluación inicial: conceptos básicos del extintor',
      timeLimit: 10,
      shuffle: false,
      questions: [
        mcq(
          '¿Qué significa la «P» de la técnica PASS?',
          'Tirar del pasador (Pull)',
          ['Pulsar el botón de alarma', 'Posicionarse de espaldas al fuego', 'Presurizar el cilindro'],
          'Primero se tira del pasador: rompe el precinto y desbloquea la palanca de descarga.',
        ),
        tf(
          'Al usar un extintor, la boquilla debe apuntar a la parte superior de las llamas.',
          false,
          'Apunte a la base del fuego, donde arde el combustible. Rociar las llamas no apaga el combustible.',
        ),
        mcq(
          '¿Qué clase de fuego afecta a líquidos inflamables como gasolina, disolventes y pintura al aceite?',
          'Clase B',
          ['Clase A', 'Clase C', 'Clase D'],
          'La clase B corresponde a líquidos y gases inflamables. La A son combustibles sólidos, la C equipos eléctricos con tensión y la D metales combustibles.',
        ),
        tf(
          'Un extintor de agua a presión es seguro para un fuego en un cuadro eléctrico con tensión.',
          false,
          'El agua conduce la electricidad y puede electrocutar a quien lo usa. Utilice un extintor de CO2 o de polvo apto para fuegos de clase C.',
        ),
      ],
    },
    post: {
      title: 'Evaluación final: uso de un extintor portátil',
      timeLimit: 15,
      shuffle: false,
      questions: [
        mcq(
          '¿Cuál es el orden correcto de la técnica PASS?',
          'Tirar, Apuntar, Presionar, Barrer',
          [
            'Apuntar, Tirar, Barrer, Presionar',
            'Presionar, Tirar, Apuntar, Barrer',
            'Tirar, Presionar, Apuntar, Agitar',
          ],
          'Tire del pasador, apunte a la base del fuego, presione la palanca y barra de lado a lado.',
        ),
        mcq(
          '¿Hacia dónde debe apuntar la boquilla del extintor?',
          'A la base del fuego',
          ['A la parte alta de las llamas', 'Al centro del humo', 'A la pared detrás del fuego'],
          'El agente extintor debe llegar al combustible que arde en la base del fuego.',
        ),
        tf(
          'Antes de intentar apagar un fuego, debe asegurarse de tener una vía de escape despejada a su espalda.',
          true,
          'Mantenga la salida a su espalda para poder retirarse de inmediato si el fuego crece o el extintor se vacía.',
        ),
        mcq(
          '¿Qué extintor sirve para combustibles sólidos, líquidos inflamables y fuegos eléctricos?',
          'Polvo químico seco ABC',
          ['Agente húmedo de clase K', 'Agua a presión', 'Polvo seco de clase D'],
          'El extintor de polvo polivalente ABC está homologado para fuegos de clase A, B y C. Es el más común en oficinas y almacenes.',
        ),
        mcq(
          '¿A qué distancia aproximada del fuego debe empezar a descargar un extintor portátil típico?',
          'De 2 a 2,5 metros',
          ['A menos de 30 centímetros', 'De 6 a 8 metros', 'La distancia no importa'],
          'Empiece a unos 2 metros y acérquese a medida que el fuego disminuye. Demasiado cerca puede dispersar el combustible; demasiado lejos, el agente no llega.',
        ),
        tf(
          'Si el fuego se extiende más allá de donde empezó, debe seguir combatiéndolo hasta vaciar el extintor.',
          false,
          'Un fuego que se extiende ya no está en su fase inicial. Salga de inmediato, cierre la puerta al salir y dé la alarma.',
        ),
      ],
    },
  },
  {
    key: 'evacEs',
    book: 'fire',
    language: 'es',
    familyOf: 'evac',
    title: 'Prevención de incendios y evacuación de emergencia',
    description:
      'Prevenga incendios con orden y limpieza y con el control de los trabajos en caliente, responda con el método RACE y evacúe con seguridad hasta su punto de reunión cuando suene la alarma.',
    timeLimit: 35,
    passingScore: 75,
    allowBrowse: false,
    createdDaysAgo: 66,
    publishedDaysAgo: 35,
    materials: [
      {
        handout: 'evacuationGuide',
        title: 'Prevención de incendios y evacuación (documento en inglés)',
        description: 'Orden y limpieza, permisos de trabajo en caliente, RACE y qué hacer cuando suena la alarma.',
      },
    ],
    pre: {
      title: 'Evaluación inicial: prevención de incendios',
      timeLimit: 10,
      shuffle: false,
      questions: [
        mcq(
          'Los tres elementos del triángulo del fuego son:',
          'Calor, combustible y oxígeno',
          ['Calor, humo y oxígeno', 'Combustible, agua y oxígeno', 'Chispa, humo y combustible'],
          'Un fuego necesita calor, combustible y oxígeno. Si se elimina uno de ellos, se apaga.',
        ),
        tf(
          'Los ascensores son una forma segura de salir de un edificio durante un incendio.',
          false,
          'Nunca use los ascensores en un incendio: pueden detenerse entre plantas o abrirse en la planta afectada. Use las escaleras.',
        ),
        mcq(
          'En la respuesta RACE, ¿qué significa la «R»?',
          'Rescatar (Rescue)',
          ['Reportar por escrito', 'Correr hacia la salida', 'Responder al teléfono'],
          'Rescate a quien esté en peligro inmediato, si puede hacerlo sin ponerse en riesgo.',
        ),
        tf(
          'Las puertas cortafuegos pueden dejarse calzadas para ventilar, siempre que se cierren al final del día.',
          false,
          'Las puertas cortafuegos solo frenan el fuego y el humo cuando están cerradas. Solo pueden mantenerse abiertas con un retenedor automático conectado a la alarma.',
        ),
      ],
    },
    post: {
      title: 'Evaluación final: prevención y evacuación',
      timeLimit: 15,
      shuffle: false,
      questions: [
        mcq(
          '¿Qué debe hacer antes de abrir una puerta cerrada durante una evacuación por incendio?',
          'Tocar la puerta y el pomo con el dorso de la mano',
          [
            'Abrirla rápidamente para ver si hay humo',
            'Romper primero el cristal',
            'Esperar a que un jefe de emergencia la abra',
          ],
          'Si la puerta o el pomo están calientes, puede haber fuego al otro lado. Use otra ruta.',
        ),
        mcq(
          'Se acumula humo en su ruta de salida. ¿Qué debe hacer?',
          'Avanzar agachado, donde el aire es más limpio y fresco',
          [
            'Correr erguido a través del humo',
            'Volver a su puesto y esperar',
            'Abrir las ventanas para despejar el humo',
          ],
          'El humo y los gases calientes suben. El aire más limpio está cerca del suelo.',
        ),
        tf(
          'Después de evacuar, vaya directamente a su punto de reunión e informe a su jefe de emergencia para el recuento.',
          true,
          'El recuento indica a los bomberos si alguien puede seguir dentro.',
        ),
        mcq(
          '¿Cuál de estas es una buena práctica de orden y limpieza para prevenir incendios?',
          'Guardar los residuos combustibles en contenedores metálicos con tapa y vaciarlos a diario',
          [
            'Almacenar cajas de cartón en el cuarto eléctrico',
            'Conectar regletas en cadena bajo las mesas',
            'Colocar palés delante de un extintor',
          ],
          'Limitar los residuos combustibles elimina combustible. Las demás opciones añaden combustible o fuentes de ignición, o bloquean los equipos contra incendios.',
        ),
        mcq(
          'En RACE, ¿qué significa la «C»?',
          'Confinar el fuego cerrando las puertas',
          ['Llamar a su supervisor', 'Recoger sus pertenencias', 'Enfriar el fuego con agua'],
          'Cerrar puertas y ventanas a su paso frena la propagación del fuego y del humo.',
        ),
        tf(
          'Puede volver a entrar al edificio en cuanto deje de sonar la alarma.',
          false,
          'Vuelva a entrar solo cuando los bomberos o el responsable de la emergencia lo autoricen. La alarma puede silenciarse mientras el incendio sigue activo.',
        ),
      ],
    },
  },
];
