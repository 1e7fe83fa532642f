/*
 * PPE Essentials: a five-question SCORM 1.2 quiz written for SafeWork Academy's demo data.
 * It finds the LMS's API object the standard way, resumes from cmi.suspend_data, commits after
 * every answer, and reports cmi.core.score.raw and cmi.core.lesson_status (passed / failed
 * against the manifest's mastery score, 80) when the last answer is given.
 */
(function () {
  'use strict';

  var QUESTIONS = [
    {
      text: 'When must you inspect your PPE?',
      options: ['Once a year', 'Before each use', 'Only when it looks dirty', 'When a supervisor asks'],
      answer: 1,
    },
    {
      text: 'Which hearing protection rule is correct?',
      options: [
        'Wear it when noise reaches 85 dB(A) averaged over a shift',
        'It is only needed above 120 dB(A)',
        'Cotton wool in the ears is enough',
        'It is optional if you are used to the noise',
      ],
      answer: 0,
    },
    {
      text: 'Your safety glasses have a deep scratch across one lens. What do you do?',
      options: ['Keep using them until the end of the week', 'Remove the lens', 'Report it and replace the glasses before work', 'Wear them on your forehead'],
      answer: 2,
    },
    {
      text: 'Which gloves protect against a corrosive chemical?',
      options: ['Any work gloves', 'The glove type named in the chemical’s safety data sheet', 'Thin latex gloves', 'Leather welding gloves'],
      answer: 1,
    },
    {
      text: 'Who pays for PPE that the job requires?',
      options: ['The employee', 'The employer', 'Both, half each', 'The supplier'],
      answer: 1,
    },
  ];
  var MASTERY = 80;

  function findAPI(win) {
    var tries = 0;
    while (win && !win.API && win.parent && win.parent !== win && tries < 10) {
      tries += 1;
      win = win.parent;
    }
    return win ? win.API || null : null;
  }
  var api = findAPI(window) || (window.opener ? findAPI(window.opener) : null);

  var state = { answers: [], current: 0, done: false };
  var finished = false;

  function get(name) {
    return api ? String(api.LMSGetValue(name) || '') : '';
  }
  function set(name, value) {
    if (api) api.LMSSetValue(name, String(value));
  }
  function commit() {
    if (api) api.LMSCommit('');
  }

  function start() {
    if (api) api.LMSInitialize('');
    var saved = get('cmi.suspend_data');
    if (saved && get('cmi.core.entry') === 'resume') {
      try {
        var parsed = JSON.parse(saved);
        if (parsed && Array.isArray(parsed.answers)) state = { answers: parsed.answers.slice(0, QUESTIONS.length), current: Math.min(parsed.current || 0, QUESTIONS.length), done: !!parsed.done };
      } catch (e) {
        // Unreadable suspend data: start over.
      }
    }
    var status = get('cmi.core.lesson_status');
    if (status === 'not attempted' || status === '') set('cmi.core.lesson_status', 'incomplete');
    render();
  }

  function save() {
    set('cmi.suspend_data', JSON.stringify(state));
    set('cmi.core.lesson_location', 'question-' + (state.current + 1));
    set('cmi.core.exit', state.done ? '' : 'suspend');
  }

  function score() {
    var right = 0;
    for (var i = 0; i < QUESTIONS.length; i++) if (state.answers[i] === QUESTIONS[i].answer) right += 1;
    return Math.round((right / QUESTIONS.length) * 100);
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    for (var key in attrs || {}) {
      if (key === 'text') node.textContent = attrs[key];
      else node.setAttribute(key, attrs[key]);
    }
    (children || []).forEach(function (child) {
      node.appendChild(child);
    });
    return node;
  }

  function render() {
    var root = document.getElementById('quiz');
    root.innerHTML = '';
    root.appendChild(el('h1', { text: 'PPE Essentials Quiz' }));
    if (state.done || state.current >= QUESTIONS.length) return renderResult(root);
    var q = QUESTIONS[state.current];
    root.appendChild(el('p', { class: 'step', text: 'Question ' + (state.current + 1) + ' of ' + QUESTIONS.length }));
    var bar = el('div', { class: 'bar', role: 'presentation' }, [el('span', { style: 'width:' + Math.round((state.current / QUESTIONS.length) * 100) + '%' })]);
    root.appendChild(bar);
    var fieldset = el('fieldset', {}, [el('legend', { text: q.text })]);
    q.options.forEach(function (option, index) {
      var id = 'q' + state.current + '-o' + index;
      var input = el('input', { type: 'radio', name: 'answer', id: id, value: String(index) });
      if (state.answers[state.current] === index) input.checked = true;
      fieldset.appendChild(el('label', { class: 'option', for: id }, [input, el('span', { text: option })]));
    });
    var form = el('form', {}, [fieldset]);
    var button = el('button', { type: 'submit', text: state.current === QUESTIONS.length - 1 ? 'Finish quiz' : 'Next question' });
    form.appendChild(button);
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var checked = form.querySelector('input[name="answer"]:checked');
      if (!checked) return;
      answer(Number(checked.value));
    });
    root.appendChild(form);
  }

  function answer(choice) {
    var index = state.current;
    state.answers[index] = choice;
    var q = QUESTIONS[index];
    set('cmi.interactions.' + index + '.id', 'ppe-q' + (index + 1));
    set('cmi.interactions.' + index + '.type', 'choice');
    set('cmi.interactions.' + index + '.student_response', String.fromCharCode(97 + choice));
    set('cmi.interactions.' + index + '.correct_responses.0.pattern', String.fromCharCode(97 + q.answer));
    set('cmi.interactions.' + index + '.result', choice === q.answer ? 'correct' : 'wrong');
    state.current = index + 1;
    if (state.current >= QUESTIONS.length) {
      state.done = true;
      var result = score();
      set('cmi.core.score.min', 0);
      set('cmi.core.score.max', 100);
      set('cmi.core.score.raw', result);
      set('cmi.core.lesson_status', result >= MASTERY ? 'passed' : 'failed');
    }
    save();
    commit();
    render();
    // A pass ends the attempt (LMSFinish); a fail keeps it open so the learner can try again.
    if (state.done && score() >= MASTERY) finish();
  }

  function renderResult(root) {
    var result = score();
    var passed = result >= MASTERY;
    root.appendChild(
      el('div', { class: 'result' }, [
        el('h2', { class: passed ? 'passed' : 'failed', text: passed ? 'Passed: ' + result + '%' : 'Not passed: ' + result + '%' }),
        el('p', { text: passed ? 'You know how to choose, check and look after your PPE. This module is complete.' : 'You need ' + MASTERY + '% to pass. Review the PPE guidance and try again.' }),
      ]),
    );
    if (!passed) {
      var retry = el('button', { type: 'button', text: 'Try again' });
      retry.addEventListener('click', function () {
        state = { answers: [], current: 0, done: false };
        finished = false;
        set('cmi.core.lesson_status', 'incomplete');
        save();
        commit();
        render();
      });
      root.appendChild(retry);
    }
  }

  function finish() {
    if (finished || !api) return;
    finished = true;
    save();
    api.LMSFinish('');
  }

  window.addEventListener('pagehide', function () {
    if (!state.done) finish();
  });

  start();
})();
