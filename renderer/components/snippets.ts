/**
 * Ready-to-paste code that rigs a file against this machine's service, for the Account page.
 * Pure string builders (unit-tested, and the curl/Python ones are run against a real service in
 * the e2e tests' spirit: they use only documented fields).
 */

export interface SnippetContext {
  /** API root, e.g. `http://127.0.0.1:7878/v1`. */
  apiRoot: string;
  /** A key to show, or a placeholder such as `$RIGDESK_API_KEY`. */
  key?: string;
}

export interface Snippet {
  id: 'curl' | 'python' | 'unity' | 'godot' | 'blender';
  title: string;
  language: string;
  code: string;
}

const PLACEHOLDER = 'rk_live_YOUR_KEY';

/** The small urllib client both Python snippets start with (plain Python and Blender's). */
function pythonClient(api: string, key: string): string {
  return `API = "${api}"
KEY = "${key}"

def call(method, path, body=None):
    req = urllib.request.Request(API + path, method=method,
        data=json.dumps(body).encode() if body is not None else None,
        headers={"Authorization": f"Bearer {KEY}", "Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.load(r)

def model_source(path):
    """Inline up to 10 MB; larger files go through POST /uploads once and are named by their url."""
    name = os.path.basename(path)
    if os.path.getsize(path) <= 10 * 1024 * 1024:
        with open(path, "rb") as f:
            return {"model_base64": base64.b64encode(f.read()).decode(), "filename": name}
    with open(path, "rb") as f:
        req = urllib.request.Request(API + "/uploads?filename=" + urllib.parse.quote(name), method="POST", data=f,
            headers={"Authorization": f"Bearer {KEY}", "Content-Type": "application/octet-stream",
                     "Content-Length": str(os.path.getsize(path))})
        with urllib.request.urlopen(req) as r:
            return {"model_url": json.load(r)["url"]}
`;
}

export function buildSnippets(ctx: SnippetContext): Snippet[] {
  const api = ctx.apiRoot.replace(/\/+$/, '');
  const key = ctx.key || PLACEHOLDER;
  return [
    {
      id: 'curl',
      title: 'curl',
      language: 'bash',
      code: `API=${api}
KEY=${key}
FILE=character.glb
# Submit: inline as base64 up to 10 MB; a larger file is sent once to /uploads and named by its url
if [ "$(stat -c%s "$FILE")" -le 10485760 ]; then
  SRC=$(printf '"model_base64":"%s","filename":"%s"' "$(base64 -w0 "$FILE")" "$(basename "$FILE")")
else
  URL=$(curl -s -X POST "$API/uploads?filename=$(basename "$FILE")" -H "Authorization: Bearer $KEY" \
    -H "Content-Type: application/octet-stream" --data-binary @"$FILE" |
    python3 -c 'import sys,json; print(json.load(sys.stdin)["url"])')
  SRC=$(printf '"model_url":"%s"' "$URL")
fi
JOB=$(printf '{%s,"rig_type":"biped"}' "$SRC" |
  curl -s -X POST "$API/rigs" -H "Authorization: Bearer $KEY" -H "Content-Type: application/json" -d @- |
  python3 -c 'import sys,json; print(json.load(sys.stdin)["id"])')
# Poll until done, then download
while true; do
  R=$(curl -s "$API/jobs/$JOB" -H "Authorization: Bearer $KEY")
  S=$(echo "$R" | python3 -c 'import sys,json; print(json.load(sys.stdin)["status"])')
  [ "$S" = succeeded ] || [ "$S" = failed ] && break
  sleep 5
done
echo "$R" | python3 -c 'import sys,json; j=json.load(sys.stdin); print(j["output"]["model_url"] if j["output"] else j["error"])' |
  xargs -I{} curl -s -o rigged.glb {}`,
    },
    {
      id: 'python',
      title: 'Python',
      language: 'python',
      code: `import base64, json, os, time, urllib.parse, urllib.request

${pythonClient(api, key)}
job = call("POST", "/rigs", {**model_source("character.glb"), "rig_type": "biped", "engine": "fast"})
while job["status"] not in ("succeeded", "failed"):
    time.sleep(5)
    job = call("GET", f"/jobs/{job['id']}")
if job["status"] == "failed":
    raise SystemExit(job["error"])
urllib.request.urlretrieve(job["output"]["model_url"], "rigged.glb")
print("saved rigged.glb")`,
    },
    {
      id: 'unity',
      title: 'Unity C#',
      language: 'csharp',
      code: `using System.Collections;
using System.IO;
using UnityEngine;
using UnityEngine.Networking;

public class RigdeskRig : MonoBehaviour
{
    const string Api = "${api}";
    const string Key = "${key}";
    [System.Serializable] class Job { public string id; public string status; public string error; public Output output; }
    [System.Serializable] class Output { public string model_url; }

    // Files over 10 MB: POST them to Api + "/uploads?filename=..." as application/octet-stream first and
    // send {"model_url": <the answer's url>} instead of model_base64.
    public IEnumerator Rig(string path)
    {
        var body = "{\\"model_base64\\":\\"" + System.Convert.ToBase64String(File.ReadAllBytes(path)) +
                   "\\",\\"filename\\":\\"" + Path.GetFileName(path) + "\\",\\"rig_type\\":\\"biped\\"}";
        var post = new UnityWebRequest(Api + "/rigs", "POST");
        post.uploadHandler = new UploadHandlerRaw(System.Text.Encoding.UTF8.GetBytes(body));
        post.downloadHandler = new DownloadHandlerBuffer();
        post.SetRequestHeader("Authorization", "Bearer " + Key);
        post.SetRequestHeader("Content-Type", "application/json");
        yield return post.SendWebRequest();
        var job = JsonUtility.FromJson<Job>(post.downloadHandler.text);
        while (job.status != "succeeded" && job.status != "failed")
        {
            yield return new WaitForSeconds(5);
            var get = UnityWebRequest.Get(Api + "/jobs/" + job.id);
            get.SetRequestHeader("Authorization", "Bearer " + Key);
            yield return get.SendWebRequest();
            job = JsonUtility.FromJson<Job>(get.downloadHandler.text);
        }
        if (job.status == "failed") { Debug.LogError(job.error); yield break; }
        var file = UnityWebRequest.Get(job.output.model_url);
        yield return file.SendWebRequest();
        File.WriteAllBytes(Path.Combine(Application.dataPath, "rigged.glb"), file.downloadHandler.data);
    }
}`,
    },
    {
      id: 'godot',
      title: 'Godot GDScript',
      language: 'gdscript',
      code: `extends Node
# Godot 4: rig a file with the local Rigdesk service, then load the result.
const API := "${api}"
const KEY := "${key}"

func _headers() -> PackedStringArray:
	return ["Authorization: Bearer " + KEY, "Content-Type: application/json"]

func _call(method: int, path: String, body := "") -> Dictionary:
	var http := HTTPRequest.new()
	add_child(http)
	http.request(API + path, _headers(), method, body)
	var res: Array = await http.request_completed
	http.queue_free()
	return JSON.parse_string(res[3].get_string_from_utf8())

# Files over 10 MB: POST the bytes to API + "/uploads?filename=..." (application/octet-stream) first and
# send {"model_url": <the answer's url>} instead of model_base64.
func rig(path: String) -> void:
	var bytes := FileAccess.get_file_as_bytes(path)
	var body := JSON.stringify({"model_base64": Marshalls.raw_to_base64(bytes),
		"filename": path.get_file(), "rig_type": "biped"})
	var job := await _call(HTTPClient.METHOD_POST, "/rigs", body)
	while job.status != "succeeded" and job.status != "failed":
		await get_tree().create_timer(5.0).timeout
		job = await _call(HTTPClient.METHOD_GET, "/jobs/" + job.id)
	if job.status == "failed":
		push_error(job.error)
		return
	var dl := HTTPRequest.new()
	add_child(dl)
	dl.download_file = "user://rigged.glb"
	dl.request(job.output.model_url)
	await dl.request_completed
	print("saved user://rigged.glb")`,
    },
    {
      id: 'blender',
      title: 'Blender Python',
      language: 'python',
      code: `# Run in Blender's Scripting tab: rigs the selected objects and imports the result.
import base64, json, os, tempfile, time, urllib.parse, urllib.request
import bpy

${pythonClient(api, key)}
src = os.path.join(tempfile.gettempdir(), "rigdesk_in.glb")
bpy.ops.export_scene.gltf(filepath=src, use_selection=True, export_format="GLB")
job = call("POST", "/rigs", {**model_source(src), "rig_type": "biped"})
while job["status"] not in ("succeeded", "failed"):
    time.sleep(5)
    job = call("GET", f"/jobs/{job['id']}")
if job["status"] == "failed":
    raise RuntimeError(job["error"])
out = os.path.join(tempfile.gettempdir(), "rigdesk_out.glb")
urllib.request.urlretrieve(job["output"]["model_url"], out)
bpy.ops.import_scene.gltf(filepath=out)`,
    },
  ];
}
