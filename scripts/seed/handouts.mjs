/*
 * The demo training handouts, rendered to PDF at seed time by ./pdf.mjs.
 * The guidance follows OSHA (29 CFR 1910 / 1926), NFPA 10 and the GHS as commonly taught in
 * workplace EHS programmes. Measurements are given in US units with metric in brackets.
 */

export const HANDOUTS = {
  extinguisherGuide: {
    fileName: 'portable-fire-extinguisher-field-guide.pdf',
    title: 'Portable Fire Extinguisher Field Guide',
    subtitle: 'Fire classes, choosing the right extinguisher, the PASS technique and monthly checks',
    description:
      'Field guide: fire classes A, B, C, D and K, extinguisher types, when to fight and when to leave, PASS, and the monthly inspection.',
    category: 'Fire Safety',
    code: 'SW-FS-101',
    revision: '2026-03-02',
    audience: 'All employees',
    accent: 'red',
    blocks: [
      { h: 'Why this matters' },
      {
        p: 'Most workplace fires start small. In the first minute or two, the right extinguisher used by a trained person can stop a fire before it spreads. Used on the wrong fire, or by someone without a way out, an extinguisher can make things worse. This guide explains how to decide, and how to do it safely.',
      },
      { h: 'The fire triangle' },
      {
        p: [
          'A fire needs three things: ',
          { b: 'heat' },
          ', ',
          { b: 'fuel' },
          ' and ',
          { b: 'oxygen' },
          '. Remove any one of them and the fire goes out. Extinguishers work by cooling (removing heat), smothering (removing oxygen) or interrupting the chemical chain reaction.',
        ],
      },
      { h: 'Classes of fire' },
      {
        table: {
          columns: [
            { title: 'Class', width: 1 },
            { title: 'Fuel', width: 2.6 },
            { title: 'Use', width: 2.4 },
          ],
          rows: [
            [
              [{ b: 'A' }],
              'Ordinary combustibles: wood, paper, cardboard, cloth, many plastics',
              'Water, foam, ABC dry chemical',
            ],
            [
              [{ b: 'B' }],
              'Flammable liquids and gases: gasoline, solvents, oil-based paint, propane',
              'CO2, ABC or BC dry chemical, foam',
            ],
            [
              [{ b: 'C' }],
              'Energized electrical equipment: panels, motors, wiring, computers',
              'CO2, ABC dry chemical (never water)',
            ],
            [
              [{ b: 'D' }],
              'Combustible metals: magnesium, titanium, sodium, lithium, aluminium powder',
              'Class D dry powder only',
            ],
            [[{ b: 'K' }], 'Cooking oils and fats in commercial kitchens and fryers', 'Class K wet chemical'],
          ],
        },
      },
      {
        callout: {
          title: 'Never use water on electrical or grease fires',
          text: 'Water conducts electricity and can electrocute you on a Class C fire. On burning cooking oil it flashes to steam and throws the burning oil out of the pan.',
        },
      },
      { h: 'Fight or leave? Decide in seconds' },
      {
        p: 'Only fight a fire if every one of these is true. If any answer is "no", leave, close the door behind you and raise the alarm.',
      },
      {
        bullets: [
          ['The alarm has been raised and everyone else is leaving.'],
          ['The fire is small and contained, no bigger than a wastepaper basket.'],
          ['You have the right extinguisher for the class of fire, and you have been trained to use it.'],
          ['Your exit is clear and ', { b: 'behind you' }, ', so you can back away if the fire grows.'],
          ['The room is not filling with smoke, and you are not alone.'],
        ],
      },
      { h: 'The PASS technique' },
      { p: 'Start about 6 to 8 feet (2 to 2.5 m) from the fire, with your back to your exit. Then:' },
      {
        steps: [
          [{ b: 'Pull' }, ' the pin. Hold the extinguisher upright and pull the pin to break the tamper seal.'],
          [
            { b: 'Aim' },
            ' low. Point the nozzle or horn at the base of the fire, where the fuel is burning, not at the flames.',
          ],
          [{ b: 'Squeeze' }, ' the handle slowly and evenly to release the agent.'],
          [{ b: 'Sweep' }, ' from side to side at the base of the fire until it appears to be out.'],
        ],
      },
      {
        p: 'Watch the area afterwards: fires can re-ignite. A typical 5 lb (2.3 kg) extinguisher empties in 10 to 15 seconds, so if the fire is not clearly going out when it is half empty, get out.',
      },
      {
        callout: {
          title: 'After any use',
          text: 'Report every use to your supervisor, even a short one. A partially discharged extinguisher must be recharged before it goes back on the wall.',
        },
      },
      { h: 'Monthly inspection checklist' },
      {
        bullets: [
          'Extinguisher is in its designated place, visible and not blocked (keep 36 in / 1 m clear in front).',
          'Pressure gauge needle is in the green zone.',
          'Pin and tamper seal are intact.',
          'No visible damage, corrosion, leakage or clogged nozzle; the hose is not cracked.',
          'Operating instructions on the nameplate are legible and face outward.',
          'The inspection tag is initialled and dated. Annual maintenance is done by a certified technician.',
        ],
      },
      { h: 'Key points' },
      {
        bullets: [
          'Know the classes: A ordinary combustibles, B flammable liquids, C electrical, D metals, K cooking oils.',
          'Pull, Aim, Squeeze, Sweep, from 6 to 8 feet, exit behind you.',
          'If in doubt, get out: close the door, raise the alarm, go to your assembly point.',
        ],
      },
    ],
  },

  evacuationGuide: {
    fileName: 'fire-prevention-and-evacuation.pdf',
    title: 'Fire Prevention and Emergency Evacuation',
    subtitle: 'Housekeeping, hot work, the RACE response and what to do when the alarm sounds',
    description:
      'Handout on preventing fires at work and evacuating safely: RACE, exits, assembly points and fire wardens.',
    category: 'Fire Safety',
    code: 'SW-FS-102',
    revision: '2026-02-16',
    audience: 'All employees',
    accent: 'red',
    blocks: [
      { h: 'Preventing fires at work' },
      {
        p: 'Most workplace fires are preventable. The same few causes come up in almost every investigation: poor housekeeping, electrical faults, hot work and careless storage of flammables.',
      },
      {
        bullets: [
          [
            { b: 'Housekeeping: ' },
            'keep combustible waste in covered metal bins and empty them at least daily. Do not let cardboard, pallets or rags build up near heat sources.',
          ],
          [
            { b: 'Electrical: ' },
            'do not daisy-chain power strips or run cords under mats. Report damaged plugs, scorch marks or warm outlets at once.',
          ],
          [
            { b: 'Flammables: ' },
            'store flammable liquids in approved safety cans and flammable storage cabinets, away from ignition sources. Keep only what you need for the shift at the workstation.',
          ],
          [
            { b: 'Hot work: ' },
            'welding, cutting and grinding need a hot work permit. Clear combustibles within 35 ft (11 m), post a fire watch during the work and for at least 30 minutes after.',
          ],
          [{ b: 'Smoking: ' }, 'only in designated areas, with proper disposal bins.'],
        ],
      },
      { h: 'Keep the way out clear' },
      {
        bullets: [
          'Exit routes, exit doors and stairways must never be blocked, locked from the inside or used for storage.',
          'Fire doors must stay closed unless held open by an automatic release linked to the alarm. Never wedge them open.',
          'Keep clear access to fire extinguishers, alarm call points and electrical panels.',
          'Know two ways out of your work area and the location of your assembly point.',
        ],
      },
      { h: 'If you discover a fire: RACE' },
      {
        steps: [
          [{ b: 'Rescue' }, ': help anyone in immediate danger, if you can do so without putting yourself at risk.'],
          [
            { b: 'Alarm' },
            ': activate the nearest fire alarm call point and call the emergency number. Give the building, floor and what is burning.',
          ],
          [{ b: 'Confine' }, ': close doors and windows behind you to slow the spread of fire and smoke.'],
          [
            { b: 'Extinguish or Evacuate' },
            ': fight the fire only if it is small and you are trained (see the Extinguisher Field Guide). Otherwise evacuate.',
          ],
        ],
      },
      { h: 'When the alarm sounds' },
      {
        bullets: [
          'Stop work and make machinery safe if it only takes a moment. Leave personal belongings.',
          'Walk, do not run, to the nearest safe exit. Follow the directions of your fire wardens.',
          [{ b: 'Never use elevators' }, ' during a fire. They can stop between floors or open onto the fire floor.'],
          'Before opening a closed door, feel the door and handle with the back of your hand. If it is hot, use another route.',
          'If there is smoke, stay low: the cleanest, coolest air is near the floor.',
          'Help visitors and colleagues with reduced mobility, following their personal evacuation plan.',
        ],
      },
      {
        callout: {
          title: 'At the assembly point',
          text: 'Go directly to your assembly point and report to your fire warden so a headcount can be completed. Tell them about anyone you know is still inside. Do not re-enter the building until the fire service or the incident controller gives the all clear, even if the alarm stops.',
        },
      },
      { h: 'Fire wardens' },
      {
        p: 'Each area has trained fire wardens who sweep their zone, check toilets and meeting rooms, close doors and report to the incident controller. Wardens wear high-visibility vests during drills and real evacuations. Evacuation drills are held at least twice a year: treat every drill as real.',
      },
      { h: 'Key points' },
      {
        bullets: [
          'Good housekeeping and hot work permits prevent most fires.',
          'RACE: Rescue, Alarm, Confine, Extinguish or Evacuate.',
          'No elevators. Stay low in smoke. Check doors with the back of your hand.',
          'Report to your warden at the assembly point; re-enter only on the all clear.',
        ],
      },
    ],
  },

  ghsGuide: {
    fileName: 'ghs-label-elements-and-pictograms.pdf',
    title: 'GHS Label Elements and Pictograms',
    subtitle: 'How to read a chemical label under the Globally Harmonized System (OSHA HazCom 2012)',
    description:
      'Quick reference to the six label elements, the two signal words and the nine GHS pictograms, plus rules for secondary containers.',
    category: 'Hazard Communication',
    code: 'SW-HC-201',
    revision: '2026-01-19',
    audience: 'Everyone who uses, stores or handles chemicals',
    accent: 'amber',
    blocks: [
      { h: 'What is GHS?' },
      {
        p: 'The Globally Harmonized System of Classification and Labelling of Chemicals (GHS) is the United Nations system that gives every country the same hazard classes, label elements and Safety Data Sheet format. OSHA adopted it in the Hazard Communication Standard (29 CFR 1910.1200). Whatever the supplier, a GHS label always tells you the same things, in the same way.',
      },
      { h: 'The six elements of a shipped container label' },
      {
        steps: [
          [{ b: 'Product identifier' }, ': the chemical name or product name, matching the Safety Data Sheet.'],
          [
            { b: 'Signal word' },
            ': "Danger" for the more severe hazards, "Warning" for the less severe. Only one signal word appears, even when there are several hazards.',
          ],
          [
            { b: 'Hazard statements' },
            ': standard phrases describing the nature and degree of the hazard, for example "Highly flammable liquid and vapour".',
          ],
          [
            { b: 'Precautionary statements' },
            ': measures to prevent or minimise harm: prevention, response, storage and disposal.',
          ],
          [{ b: 'Pictograms' }, ': black symbols on a white background inside a red diamond border.'],
          [
            { b: 'Supplier identification' },
            ': name, address and telephone number of the manufacturer, importer or distributor.',
          ],
        ],
      },
      { h: 'The pictograms' },
      {
        table: {
          columns: [
            { title: 'Pictogram', width: 1.5 },
            { title: 'Hazards it indicates', width: 4 },
          ],
          rows: [
            [
              [{ b: 'Health hazard' }, ' (silhouette with star burst)'],
              'Carcinogen, mutagen, reproductive toxicity, respiratory sensitizer, target organ toxicity, aspiration toxicity',
            ],
            [
              [{ b: 'Flame' }],
              'Flammables, pyrophorics, self-heating, emits flammable gas in contact with water, self-reactives, organic peroxides',
            ],
            [
              [{ b: 'Exclamation mark' }],
              'Irritant (skin and eye), skin sensitizer, acute toxicity (harmful), narcotic effects, respiratory tract irritant',
            ],
            [[{ b: 'Gas cylinder' }], 'Gases under pressure'],
            [[{ b: 'Corrosion' }], 'Skin corrosion or burns, serious eye damage, corrosive to metals'],
            [[{ b: 'Exploding bomb' }], 'Explosives, self-reactives, organic peroxides'],
            [[{ b: 'Flame over circle' }], 'Oxidizers'],
            [[{ b: 'Skull and crossbones' }], 'Acute toxicity (fatal or toxic)'],
            [[{ b: 'Environment' }, ' (non-mandatory under OSHA)'], 'Aquatic toxicity'],
          ],
        },
      },
      {
        callout: {
          title: 'Danger or Warning?',
          text: 'If any hazard on the label calls for "Danger", the label shows "Danger" only. Read every hazard statement: the signal word tells you how serious the worst hazard is, not what all the hazards are.',
        },
      },
      { h: 'Workplace and secondary containers' },
      {
        bullets: [
          'When you transfer a chemical into a spray bottle, jug or other secondary container that is not used up immediately by you, label it with at least the product identifier and the hazards (words, pictograms or both).',
          'Never use an unlabelled container, and never reuse a chemical container for food or drink.',
          'Report damaged, faded or missing labels to your supervisor; replacements are available from EHS.',
          'Do not remove or deface a label on an incoming container.',
        ],
      },
      { h: 'Key points' },
      {
        bullets: [
          'Six label elements: identifier, signal word, hazard statements, precautionary statements, pictograms, supplier.',
          '"Danger" is more severe than "Warning". Only one appears.',
          'Learn the nine pictograms; skull and crossbones means fatal or toxic, the exclamation mark means harmful or irritant.',
          'Label every secondary container. For full details, check the Safety Data Sheet.',
        ],
      },
    ],
  },

  sdsGuide: {
    fileName: 'safety-data-sheets-16-sections.pdf',
    title: 'Safety Data Sheets: The 16 Sections',
    subtitle: 'Where to find the information you need, fast, on any GHS-format SDS',
    description:
      'Section-by-section guide to the GHS Safety Data Sheet, with the sections to check first in an emergency.',
    category: 'Hazard Communication',
    code: 'SW-HC-202',
    revision: '2026-01-26',
    audience: 'Everyone who uses, stores or handles chemicals',
    accent: 'amber',
    blocks: [
      { h: 'What an SDS is for' },
      {
        p: 'Every hazardous chemical comes with a Safety Data Sheet (SDS) from its manufacturer, importer or distributor. The label gives you the essentials; the SDS gives you the detail: how to handle, store and dispose of the chemical, which PPE to wear and what to do in an emergency. SDSs must be readily accessible to employees in their work area during each work shift.',
      },
      {
        callout: {
          title: 'Where to find our SDSs',
          text: 'Every department keeps an SDS binder at the area safety station, and the full library is on the intranet under EHS > Chemical Safety. If you cannot find the SDS for a chemical, stop and ask your supervisor or EHS before you use it.',
        },
      },
      { h: 'The 16 sections' },
      {
        table: {
          columns: [
            { title: 'No.', width: 0.5 },
            { title: 'Section', width: 2 },
            { title: 'What you will find', width: 3.6 },
          ],
          rows: [
            [
              '1',
              [{ b: 'Identification' }],
              'Product identifier, recommended use, supplier details, emergency phone number',
            ],
            [
              '2',
              [{ b: 'Hazard(s) identification' }],
              'GHS classification, signal word, hazard and precautionary statements, pictograms',
            ],
            ['3', [{ b: 'Composition / ingredients' }], 'Chemical names, CAS numbers, concentrations'],
            [
              '4',
              [{ b: 'First-aid measures' }],
              'Symptoms and first aid by route of exposure: inhalation, skin, eyes, ingestion',
            ],
            [
              '5',
              [{ b: 'Fire-fighting measures' }],
              'Suitable extinguishing media, specific hazards, protective equipment for firefighters',
            ],
            [
              '6',
              [{ b: 'Accidental release measures' }],
              'Spill containment and clean-up, PPE and emergency procedures',
            ],
            [
              '7',
              [{ b: 'Handling and storage' }],
              'Safe handling practices, storage conditions, incompatible materials',
            ],
            [
              '8',
              [{ b: 'Exposure controls / personal protection' }],
              'OSHA PELs, ACGIH TLVs, engineering controls, required PPE',
            ],
            [
              '9',
              [{ b: 'Physical and chemical properties' }],
              'Appearance, odour, flash point, pH, vapour pressure, boiling point',
            ],
            [
              '10',
              [{ b: 'Stability and reactivity' }],
              'Conditions to avoid, incompatible materials, hazardous decomposition products',
            ],
            ['11', [{ b: 'Toxicological information' }], 'Routes of exposure, symptoms, acute and chronic effects'],
            ['12', [{ b: 'Ecological information' }], 'Effects on the environment (not enforced by OSHA)'],
            ['13', [{ b: 'Disposal considerations' }], 'Safe disposal and waste handling (not enforced by OSHA)'],
            ['14', [{ b: 'Transport information' }], 'UN number, shipping name, hazard class (not enforced by OSHA)'],
            ['15', [{ b: 'Regulatory information' }], 'Other applicable regulations (not enforced by OSHA)'],
            ['16', [{ b: 'Other information' }], 'Date of preparation or last revision'],
          ],
        },
      },
      { h: 'In an emergency, read these first' },
      {
        bullets: [
          [{ b: 'Exposure to a person: ' }, 'Section 4 (first aid), then Section 11 (symptoms).'],
          [{ b: 'Spill or leak: ' }, 'Section 6 (accidental release), then Section 8 (PPE).'],
          [{ b: 'Fire: ' }, 'Section 5 (fire-fighting measures) and Section 10 (hazardous decomposition).'],
          [{ b: 'Before starting a new task: ' }, 'Sections 2, 7 and 8: hazards, handling and storage, and PPE.'],
        ],
      },
      { h: 'Key points' },
      {
        bullets: [
          'The SDS always has 16 sections in the same order.',
          'PPE and exposure limits are in Section 8; first aid is in Section 4; spills are in Section 6.',
          'No SDS, no use: ask before you use an unfamiliar chemical.',
        ],
      },
    ],
  },

  bbpGuide: {
    fileName: 'bloodborne-pathogens-pre-work.pdf',
    title: 'Bloodborne Pathogens: Pre-work for the Classroom Session',
    subtitle: 'What bloodborne pathogens are, how exposure happens, and what the exposure control plan asks of you',
    description:
      'Online pre-work before the classroom session: HBV, HCV and HIV, routes of exposure, universal precautions, PPE, sharps and what to do after an exposure.',
    category: 'Occupational Health',
    code: 'SW-OH-201',
    revision: '2026-10-12',
    audience: 'Employees with occupational exposure (first aiders, cleaners, healthcare roles)',
    accent: 'red',
    blocks: [
      { h: 'Why this matters' },
      {
        p: 'Blood and some other body fluids can carry viruses that cause serious illness: hepatitis B (HBV), hepatitis C (HCV) and HIV. OSHA’s Bloodborne Pathogens Standard (29 CFR 1910.1030) requires training for everyone whose job can bring them into contact with blood: first aiders, cleaners handling sharps, healthcare and laboratory staff. This pre-work prepares you for the classroom session, where you practise with the equipment.',
      },
      { h: 'How exposure happens' },
      {
        bullets: [
          'A needlestick or a cut from a contaminated sharp object.',
          'Blood or other potentially infectious materials in the eyes, nose or mouth.',
          'Contact with broken skin (cuts, abrasions, dermatitis).',
        ],
      },
      { h: 'Universal precautions' },
      {
        p: [
          'Treat ',
          { b: 'all' },
          ' human blood and other potentially infectious materials as if they were infectious. You cannot tell by looking.',
        ],
      },
      { h: 'Protect yourself' },
      {
        bullets: [
          'Wear disposable gloves whenever you may touch blood; add eye protection and a face mask where splashes are possible.',
          'Never recap, bend or break used needles; put sharps straight into a puncture-resistant sharps container.',
          'Wash your hands with soap and water as soon as you remove your gloves.',
          'Clean spills with an approved disinfectant after absorbing them; dispose of waste in labelled red bags.',
          'Hepatitis B vaccination is offered free of charge to every employee with occupational exposure.',
        ],
      },
      {
        callout: {
          title: 'After an exposure',
          text: 'Wash the area with soap and water (flush eyes or mouth with water), report it to your supervisor at once, and get a confidential medical evaluation the same day: some treatments work best within hours.',
        },
      },
      { h: 'Key points' },
      {
        bullets: [
          'Treat all blood as infectious.',
          'Gloves first; sharps straight into the container.',
          'Report every exposure immediately.',
        ],
      },
    ],
  },
  ladderGuide: {
    fileName: 'portable-ladder-safety.pdf',
    title: 'Portable Ladder Safety',
    subtitle: 'Selecting, inspecting, setting up and climbing portable ladders safely',
    description:
      'Guide to portable ladders: duty ratings, inspection, the 4-to-1 rule, 3 ft extension and three points of contact.',
    category: 'Working at Heights',
    code: 'SW-WH-301',
    revision: '2026-02-09',
    audience: 'Anyone who uses a portable ladder',
    accent: 'blue',
    blocks: [
      { h: 'Why ladders deserve respect' },
      {
        p: 'Falls from ladders are one of the leading causes of serious workplace injury, and most happen from below 10 feet. Almost all come down to the same mistakes: the wrong ladder, a damaged ladder, a poor set-up or over-reaching. A ladder is for short-duration, light work; for anything else, use a mobile elevating work platform or a scaffold.',
      },
      { h: 'Choose the right ladder' },
      {
        table: {
          columns: [
            { title: 'Duty rating', width: 1.6 },
            { title: 'Maximum load', width: 1.4 },
            { title: 'Typical use', width: 2.6 },
          ],
          rows: [
            [[{ b: 'Type IAA' }], '375 lb (170 kg)', 'Special duty, heavy industrial'],
            [[{ b: 'Type IA' }], '300 lb (136 kg)', 'Extra heavy duty, industrial'],
            [[{ b: 'Type I' }], '250 lb (113 kg)', 'Heavy duty, industrial'],
            [[{ b: 'Type II' }], '225 lb (102 kg)', 'Medium duty, commercial'],
            [[{ b: 'Type III' }], '200 lb (91 kg)', 'Light duty, household: not for work use'],
          ],
        },
      },
      {
        p: 'The maximum load includes you, your clothing, your tools and any materials you carry. Near electrical equipment or overhead lines, use a fiberglass ladder with non-conductive side rails, never aluminium or metal.',
      },
      { h: 'Inspect before every use' },
      {
        bullets: [
          'Side rails: no cracks, bends, splits or corrosion.',
          'Rungs and steps: none missing, loose or bent; free of oil, grease, mud and paint.',
          'Feet: slip-resistant pads present and in good condition.',
          'Stepladders: spreaders lock fully; extension ladders: rung locks and rope work.',
          'Labels (duty rating and instructions) are present and legible.',
        ],
      },
      {
        callout: {
          title: 'Found a defect?',
          text: 'Tag the ladder "Do Not Use", remove it from service and report it. A damaged ladder is repaired by a competent person or destroyed. Never use tape, wire or improvised repairs.',
        },
      },
      { h: 'Set up: the 4-to-1 rule' },
      {
        bullets: [
          [
            { b: '4-to-1: ' },
            'for every 4 feet of height to the point where the ladder rests, place the base 1 foot out from the wall (about 75 degrees). A ladder resting 16 ft up needs its base 4 ft out.',
          ],
          [
            { b: '3 ft above: ' },
            'when you use an extension ladder to reach a roof or platform, it must extend at least 3 feet (0.9 m) above the landing, and be secured at the top.',
          ],
          'Place the feet on firm, level ground. Never stand a ladder on boxes, pallets or a vehicle.',
          'Keep the area at the base clear; barricade it in walkways or in front of doors.',
          'Open stepladders fully and lock the spreaders. Never use a closed stepladder leaned against a wall.',
        ],
      },
      { h: 'Climbing and working' },
      {
        bullets: [
          [
            { b: 'Three points of contact: ' },
            'two hands and one foot, or two feet and one hand, on the ladder at all times. Face the ladder when climbing.',
          ],
          'Carry tools in a belt or raise them with a hand line, so your hands are free.',
          [
            { b: 'Belt buckle rule: ' },
            'keep your body centred between the side rails. If you have to lean out, climb down and move the ladder.',
          ],
          'On a stepladder, do not stand on the top cap or the step below it. On an extension ladder, do not stand on the top three rungs.',
          'One person on a ladder at a time, unless it is designed for two.',
          'Do not use a ladder in high winds, or move it while someone is on it.',
        ],
      },
      { h: 'Key points' },
      {
        bullets: [
          'Right ladder, right duty rating; fiberglass near electricity.',
          'Inspect before every use; tag and remove damaged ladders.',
          '4-to-1 base angle, 3 ft above the landing, secured.',
          'Three points of contact and the belt buckle rule, every time.',
        ],
      },
    ],
  },

  fallProtectionGuide: {
    fileName: 'fall-protection-systems.pdf',
    title: 'Fall Protection Systems',
    subtitle: 'Guardrails, fall restraint and personal fall arrest: requirements, inspection and rescue',
    description:
      'Guide to the hierarchy of fall protection, guardrail dimensions, PFAS components and limits, clearance and rescue.',
    category: 'Working at Heights',
    code: 'SW-WH-302',
    revision: '2026-02-23',
    audience: 'Anyone working at height, supervisors',
    accent: 'blue',
    blocks: [
      { h: 'When fall protection is required' },
      {
        p: 'Falls are the leading cause of death in construction. Fall protection is required at 4 feet (1.2 m) in general industry and at 6 feet (1.8 m) in construction, and at any height above dangerous equipment or machinery. On our sites, the stricter rule applies: if you are unsure, protect the fall.',
      },
      { h: 'The hierarchy of fall protection' },
      {
        steps: [
          [
            { b: 'Eliminate' },
            ' the hazard: do the work from the ground, pre-assemble at ground level, use long-reach tools.',
          ],
          [
            { b: 'Passive protection' },
            ': guardrails, covers and nets protect everyone without any action by the worker.',
          ],
          [{ b: 'Fall restraint' }, ': a harness and lanyard that physically stop you reaching the edge.'],
          [{ b: 'Fall arrest' }, ': a personal fall arrest system (PFAS) stops a fall after it starts.'],
          [
            { b: 'Administrative controls' },
            ': warning lines, safety monitors and procedures, only where nothing above is feasible.',
          ],
        ],
      },
      { h: 'Guardrail systems' },
      {
        table: {
          columns: [
            { title: 'Element', width: 1.6 },
            { title: 'Requirement', width: 4 },
          ],
          rows: [
            [[{ b: 'Top rail' }], '42 inches (107 cm) plus or minus 3 inches above the walking-working surface'],
            [
              [{ b: 'Strength' }],
              'Withstands at least 200 lb (890 N) applied in any outward or downward direction at the top edge',
            ],
            [
              [{ b: 'Midrail' }],
              'About midway between the top rail and the surface (around 21 in / 53 cm); withstands 150 lb',
            ],
            [[{ b: 'Toeboard' }], 'At least 3.5 in (9 cm) high where people or tools could fall to a lower level'],
            [[{ b: 'Openings' }], 'No opening more than 19 in (48 cm) in the guardrail system'],
          ],
        },
      },
      { h: 'Personal fall arrest systems (PFAS)' },
      {
        p: [
          'A PFAS has three parts, the ',
          { b: 'ABCs' },
          ': an ',
          { b: 'Anchorage' },
          ', a ',
          { b: 'Body' },
          ' support (full-body harness) and a ',
          { b: 'Connector' },
          ' (shock-absorbing lanyard or self-retracting lifeline). Body belts are not permitted for fall arrest.',
        ],
      },
      {
        bullets: [
          [
            { b: 'Anchorage: ' },
            'capable of supporting at least 5,000 lb (22.2 kN) per worker attached, or designed by a qualified person with a safety factor of two.',
          ],
          [
            { b: 'Free fall: ' },
            'rig the system so you cannot free fall more than 6 feet (1.8 m), or contact any lower level.',
          ],
          [{ b: 'Deceleration distance: ' }, 'no more than 3.5 feet (1.07 m).'],
          [{ b: 'Arresting force: ' }, 'no more than 1,800 lb (8 kN) on a worker wearing a full-body harness.'],
          [{ b: 'Anchor position: ' }, 'overhead where possible, to limit free fall and swing falls.'],
        ],
      },
      {
        callout: {
          title: 'Check your clearance',
          text: 'Required clearance below the anchor = free fall + deceleration distance (3.5 ft) + your height below the D-ring after stretch (about 6 ft) + a 3 ft safety margin. With a 6 ft lanyard anchored at D-ring height that is about 18.5 ft. If you do not have it, use a self-retracting lifeline or restraint.',
        },
      },
      { h: 'Inspect your equipment before each use' },
      {
        bullets: [
          'Harness webbing and lanyards: no cuts, burns, frays, chemical damage or broken stitching.',
          'Hardware: D-rings, buckles and snap hooks free of cracks, distortion and corrosion; gates close and lock.',
          'Energy absorber pack intact; fall indicators not deployed.',
          'Any equipment that has arrested a fall is removed from service until a competent person inspects it.',
        ],
      },
      { h: 'Rescue' },
      {
        p: 'A worker suspended in a harness can develop suspension trauma (orthostatic intolerance) within minutes. Every job that relies on fall arrest needs a written rescue plan with the equipment and trained people on hand to reach a fallen worker promptly. Do not rely on calling emergency services alone.',
      },
      { h: 'Key points' },
      {
        bullets: [
          'Protect at 4 ft in general industry, 6 ft in construction.',
          'Guardrails first: top rail 42 in plus or minus 3 in, 200 lb.',
          'PFAS: 5,000 lb anchor, 6 ft max free fall, 3.5 ft deceleration, 1,800 lb max force.',
          'Inspect before each use, check clearance, and have a rescue plan.',
        ],
      },
    ],
  },

  lotoGuide: {
    fileName: 'lockout-tagout-procedure.pdf',
    title: 'Lockout/Tagout (LOTO) Procedure',
    subtitle: 'Controlling hazardous energy during servicing and maintenance (OSHA 29 CFR 1910.147)',
    description:
      'Procedure: energy types, the six steps to lock out, verification (try-out), release from lockout and shift changes.',
    category: 'Electrical Safety',
    code: 'SW-ES-401',
    revision: '2026-03-09',
    audience: 'Authorized and affected employees',
    accent: 'purple',
    blocks: [
      { h: 'Purpose' },
      {
        p: 'Lockout/tagout protects people who service or maintain machines and equipment from the unexpected energization, start-up or release of stored energy. Any time you must remove a guard, bypass a safety device or put any part of your body where it could be caught, the equipment must be locked out.',
      },
      { h: 'Who is who' },
      {
        bullets: [
          [
            { b: 'Authorized employee: ' },
            'trained to lock out equipment and perform the servicing. Applies their own lock and tag.',
          ],
          [
            { b: 'Affected employee: ' },
            'operates or works near the equipment. Must be told before lockout and before restart, and must never try to restart locked-out equipment.',
          ],
        ],
      },
      { h: 'Types of hazardous energy' },
      {
        p: 'Electrical, mechanical, hydraulic, pneumatic, chemical, thermal and gravity. Many machines have several. Residual or stored energy, such as capacitors, springs, raised loads, trapped air or hydraulic pressure, can still hurt you after the main source is switched off.',
      },
      { h: 'Applying lockout: six steps' },
      {
        steps: [
          [
            { b: 'Prepare: ' },
            'identify every energy source from the machine-specific procedure and notify all affected employees.',
          ],
          [{ b: 'Shut down: ' }, 'stop the equipment using its normal controls.'],
          [
            { b: 'Isolate: ' },
            'operate every energy-isolating device: disconnect switches, breakers, valves, blocks. A stop button or control circuit is not an isolating device.',
          ],
          [
            { b: 'Lock and tag: ' },
            'each authorized employee applies their own personal lock and tag to each isolating device, or to the group lockbox. One person, one lock, one key.',
          ],
          [
            { b: 'Release stored energy: ' },
            'bleed pressure, discharge capacitors, block or lower raised parts, release spring tension, let hot parts cool.',
          ],
          [
            { b: 'Verify isolation: ' },
            'make sure everyone is clear, then try to start the equipment with the normal controls. For electrical work, test with a rated voltage tester using live-dead-live. Return the controls to off.',
          ],
        ],
      },
      {
        callout: {
          title: 'Tags are not locks',
          text: 'A tag is a warning only: it does not physically stop anyone from operating a switch or valve. Use tagout alone only where an isolating device cannot be locked, and then with additional measures that give the same level of protection as a lock.',
        },
      },
      { h: 'Releasing from lockout' },
      {
        steps: [
          'Check the work area: tools and materials removed, guards reinstalled, the equipment intact.',
          'Make sure all employees are safely positioned or removed from the area.',
          'Notify affected employees that locks are being removed.',
          'Each lock is removed by the authorized employee who applied it. If they are not available, only the documented supervisor procedure may be used.',
          'Re-energize and notify affected employees that the equipment is back in service.',
        ],
      },
      { h: 'Shift changes and group lockout' },
      {
        bullets: [
          'Protection must be continuous: the oncoming employee applies their lock before the outgoing employee removes theirs.',
          'For group work, a primary authorized employee locks the isolating devices and places the keys in a group lockbox; every worker then applies a personal lock to the box.',
          'Periodic inspections of each energy control procedure are done at least annually.',
        ],
      },
      { h: 'Key points' },
      {
        bullets: [
          'Notify, shut down, isolate, lock and tag, release stored energy, verify.',
          'Your lock, your key, your life: only you remove your lock.',
          'Always try-out before you start work, and make sure everyone is clear first.',
        ],
      },
    ],
  },
};
