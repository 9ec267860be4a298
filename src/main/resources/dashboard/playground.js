// The playground calls the public API with the user's own key: /valuations for one name,
// /valuations/bulk for a list (one quota unit either way), then renders a table and a CSV.
(function () {
  var form = document.getElementById('playground');
  var limit = parseInt(form.getAttribute('data-batch-limit'), 10);
  var status = document.getElementById('playground-status');
  var progress = document.getElementById('playground-progress');
  var bar = progress.firstElementChild;
  var results = document.getElementById('playground-results');
  var body = document.querySelector('#playground-table tbody');
  var csvLink = document.getElementById('playground-csv');
  var money = new Intl.NumberFormat('en-US', {style: 'currency', currency: 'USD', maximumFractionDigits: 0});

  function cell(row, text, className) {
    var td = document.createElement('td');
    td.textContent = text;
    if (className) td.className = className;
    row.appendChild(td);
  }

  function csvField(value) {
    var text = value == null ? '' : String(value);
    return /[",\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
  }

  function render(valuations) {
    body.textContent = '';
    var lines = [['domain', 'value', 'low', 'high', 'wholesale', 'wholesale_low', 'wholesale_high', 'drivers', 'error'].join(',')];
    valuations.forEach(function (v) {
      var row = document.createElement('tr');
      if (v.error) {
        cell(row, v.domain || '(invalid)');
        cell(row, v.error.message, 'status-failed');
        cell(row, ''); cell(row, '', 'optional'); cell(row, '', 'optional');
        lines.push([v.domain, '', '', '', '', '', '', '', v.error.code].map(csvField).join(','));
      } else {
        var drivers = (v.drivers || []).slice(0, 3).map(function (d) {
          return d.factor + ' ' + (d.effect > 0 ? '+' : '') + d.effect.toFixed(2);
        }).join(', ');
        cell(row, v.domain);
        cell(row, money.format(v.value), 'num');
        cell(row, money.format(v.range.low) + ' – ' + money.format(v.range.high), 'num');
        cell(row, money.format(v.wholesale.value), 'num optional');
        cell(row, drivers, 'optional');
        lines.push([v.domain, v.value, v.range.low, v.range.high, v.wholesale.value, v.wholesale.low, v.wholesale.high,
          (v.drivers || []).map(function (d) { return d.factor + ':' + d.effect; }).join(' '), ''].map(csvField).join(','));
      }
      body.appendChild(row);
    });
    if (csvLink.href.indexOf('blob:') === 0) URL.revokeObjectURL(csvLink.href);
    csvLink.href = URL.createObjectURL(new Blob([lines.join('\n') + '\n'], {type: 'text/csv'}));
    results.hidden = false;
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var key = document.getElementById('playground-key').value.trim();
    // One name a line, as the field says; a line is sent as typed (the server trims it and says why
    // "not a domain" is no name), and only blank lines are skipped.
    var names = document.getElementById('playground-names').value.split(/\r?\n/)
        .filter(function (line) { return line.trim() !== ''; });
    if (names.length === 0) return;
    if (names.length > limit) {
      status.textContent = 'Your tier values at most ' + limit + ' names at once; you gave ' + names.length + '.';
      return;
    }
    var single = names.length === 1;
    var button = document.getElementById('playground-run');
    button.disabled = true;
    progress.hidden = false;
    bar.style.width = '10%';
    status.textContent = 'Valuing ' + names.length + (single ? ' name…' : ' names…');
    // The bar creeps towards 90% while the request is out, and fills when the answer arrives.
    var timer = setInterval(function () {
      var width = parseFloat(bar.style.width);
      bar.style.width = Math.min(90, width + (90 - width) * 0.15) + '%';
    }, 150);
    fetch(single ? '/api/v1/valuations' : '/api/v1/valuations/bulk', {
      method: 'POST',
      headers: {'Authorization': 'Bearer ' + key, 'Content-Type': 'application/json'},
      body: JSON.stringify(single ? {domain: names[0]} : {domains: names})
    }).then(function (response) {
      return response.json().then(function (json) { return {ok: response.ok, json: json}; });
    }).then(function (answer) {
      if (!answer.ok) {
        status.textContent = answer.json.error ? answer.json.error.message : 'The request failed.';
        return;
      }
      var data = answer.json.data;
      render(single ? [data.valuation] : data.valuations);
      var rate = answer.json.rateLimit;
      status.textContent = 'Done.' + (rate ? ' ' + rate.remaining + ' of ' + rate.limit + ' requests left today.' : '');
    }).catch(function () {
      status.textContent = 'The API could not be reached.';
    }).finally(function () {
      clearInterval(timer);
      bar.style.width = '100%';
      setTimeout(function () { progress.hidden = true; bar.style.width = '0'; }, 400);
      button.disabled = false;
    });
  });
})();
