package dev.tunerd.report;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.simulator.report.Html;
import dev.tunerd.spi.json.JsonArray;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonNull;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.util.ArrayList;
import java.util.List;

/**
 * The trial table: the data as one JSON element (column arrays, escaped for a script element by
 * {@link Html#scriptJson}), and the script that shows it sorted and paged, 50 rows a page, every cell set through
 * {@code textContent} so that nothing from the manager is ever parsed as HTML. Click a heading to sort by it (again
 * to reverse); empty cells sort last. Stateless.
 */
final class TrialTable {

    /** Longest parameter text kept per trial. */
    static final int MAX_PARAMETERS = 300;

    private TrialTable() {
    }

    static String data(Experiment e) {
        List<JsonValue> id = new ArrayList<>();
        List<JsonValue> job = new ArrayList<>();
        List<JsonValue> state = new ArrayList<>();
        List<JsonValue> value = new ArrayList<>();
        List<JsonValue> duration = new ArrayList<>();
        List<JsonValue> params = new ArrayList<>();
        for (ReportTrial t : e.trials()) {
            id.add(JsonString.of(Html.cap(t.id(), Html.MAX_TEXT)));
            job.add(JsonString.of(Html.cap(t.trialJobId(), Html.MAX_TEXT)));
            state.add(JsonString.of(Html.cap(t.state(), 40)));
            value.add(Double.isFinite(t.value()) ? JsonFloat.of(t.value()) : JsonNull.INSTANCE);
            double d = t.durationSeconds();
            duration.add(Double.isFinite(d) ? JsonFloat.of(Math.round(d * 1000) / 1000.0) : JsonNull.INSTANCE);
            params.add(JsonString.of(t.parameters() == null ? "" : Html.cap(Json.writeAllowingNonFinite(
                t.parameters()), MAX_PARAMETERS)));
        }
        JsonObject o = JsonObject.builder().put("id", new JsonArray(id)).put("job", new JsonArray(job))
            .put("state", new JsonArray(state)).put("value", new JsonArray(value)).put("dur", new JsonArray(duration))
            .put("params", new JsonArray(params)).put("minimize", e.minimize() ? "yes" : "no").build();
        return "<script type='application/json' id='trial-data'>" + Html.scriptJson(Json.writeAllowingNonFinite(o))
            + "</script>";
    }

    static String markup() {
        return "<div id='trial-pager'></div><table id='trials'><thead></thead><tbody></tbody></table>";
    }

    static final String SCRIPT = """
        (function(){
        var D=JSON.parse(document.getElementById('trial-data').textContent);
        var n=D.id.length,size=50,page=0,key='n',asc=true,order=[];
        for(var i=0;i<n;i++)order.push(i);
        var cols=[['n','#',1],['id','id',0],['job','trial job id',0],['state','state',0],['value','value',1],
          ['dur','duration (s)',1],['params','parameters',0]];
        var coll=new Intl.Collator(undefined,{numeric:true});
        function val(k,i){return k==='n'?i+1:D[k][i];}
        function fmt(v){if(v===null||v===undefined)return '';if(typeof v!=='number')return v;
          var a=Math.abs(v);return a!==0&&(a>=1e6||a<1e-3)?v.toExponential(3):String(+v.toPrecision(6));}
        function sortBy(k){
          if(k===key){asc=!asc;}else{key=k;asc=true;}
          order.sort(function(a,b){var x=val(k,a),y=val(k,b);
            if(x===y)return a-b;if(x===null)return 1;if(y===null)return -1;
            var r=typeof x==='number'?(x<y?-1:1):coll.compare(x,y);return asc?r:-r;});
          page=0;draw();}
        function head(){
          var tr=document.createElement('tr');
          cols.forEach(function(c){var th=document.createElement('th');
            th.textContent=c[1]+(c[0]===key?(asc?' \\u25b2':' \\u25bc'):'');th.style.cursor='pointer';
            th.onclick=function(){sortBy(c[0]);};tr.appendChild(th);});
          var h=document.querySelector('#trials thead');h.textContent='';h.appendChild(tr);}
        function pager(){
          var p=document.getElementById('trial-pager'),pages=Math.max(1,Math.ceil(n/size));p.textContent='';
          function button(label,to){var b=document.createElement('button');b.textContent=label;
            b.disabled=to<0||to>=pages||to===page;b.onclick=function(){page=to;draw();};p.appendChild(b);}
          button('\\u00ab first',0);button('\\u2039 previous',page-1);
          var s=document.createElement('span');s.className='page';
          s.textContent=' page '+(page+1)+' of '+pages+' ('+n+' trials) ';p.appendChild(s);
          button('next \\u203a',page+1);button('last \\u00bb',pages-1);}
        function draw(){
          head();pager();
          var body=document.querySelector('#trials tbody');body.textContent='';
          for(var r=page*size;r<Math.min(n,(page+1)*size);r++){
            var i=order[r],tr=document.createElement('tr');
            cols.forEach(function(c){var td=document.createElement('td');td.textContent=fmt(val(c[0],i));
              if(c[2])td.className='num';
              if(c[0]==='state'&&(D.state[i]==='EARLY_STOPPED'||/_CANCELED$/.test(D.state[i])))td.className='stopped';
              tr.appendChild(td);});
            body.appendChild(tr);}}
        draw();
        })();
        """;
}
